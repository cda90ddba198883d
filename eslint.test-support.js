// The test-support boundary (issue 23, docs/decisions/0069-test-support-boundary.md).
//
// - No relative import crosses a workspace package: the end-to-end suite (apps/web/e2e), the
//   benchmarks (bench/) and the shared test helpers (packages/test-support) reach the API through
//   its declared entry `@canal/api/testing` (the web app's through `@canal/web/testing`) and the
//   helpers through `@canal/test-support/*`, never through `../../api/src/…` or `../apps/api/test/…`.
// - Production code never imports the test helpers, the test fixtures or the apps' testing entries.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import path from 'node:path';

const REPO = import.meta.dirname;

/** What only tests, the end-to-end suite and the benchmarks may import. */
export const testOnlyImports = {
  paths: [
    {
      name: '@canal/api/testing',
      message:
        "@canal/api/testing is the API's entry for tests, the end-to-end suite and the benchmarks: production code imports the module itself.",
    },
    {
      name: '@canal/web/testing',
      message:
        "@canal/web/testing is the web app's entry for the benchmarks: production code imports the module itself.",
    },
  ],
  patterns: [
    {
      group: ['@canal/test-support', '@canal/test-support/*'],
      message:
        'packages/test-support holds test helpers and fixtures: production code never imports it.',
    },
  ],
};

/** Production code: every source file that is not a test or a test helper. */
const production = [
  'apps/api/src/**/*.{ts,tsx}',
  'apps/web/src/**/*.{ts,tsx}',
  'apps/web/documents/**/*.{ts,tsx}',
  'packages/shared/src/**/*.{ts,tsx}',
];
const tests = ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'];

export default [
  {
    // Before the layer configurations, whose resolvers (each app's tsconfig) take over for their
    // own files; this one resolves the benchmarks' and the packages' imports.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            path.join(REPO, 'tsconfig.json'),
            path.join(REPO, 'packages/shared/tsconfig.json'),
            path.join(REPO, 'packages/test-support/tsconfig.json'),
            path.join(REPO, 'apps/web/tsconfig.json'),
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    files: production,
    ignores: tests,
    rules: { 'no-restricted-imports': ['error', testOnlyImports] },
  },
];
