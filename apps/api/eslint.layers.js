// Import boundaries of the API (issue 8, docs/decisions/0007-api-layers.md).
//
//   composition root (app.ts, server.ts, runtime.ts, cli/)  →  portal/, back-office/  →  core/
//   core/  →  http/, db/, crypto/, storage/, sanitize/, config.ts, errors.ts
//
// core/ never imports portal/ or back-office/; portal/ and back-office/ never import each other;
// the plumbing (http/, db/, crypto/, storage/, sanitize/, config.ts, errors.ts) imports none of the three. No cycles.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SRC = './apps/api/src';
const plumbing = [
  `${SRC}/http`,
  `${SRC}/db`,
  `${SRC}/crypto`,
  `${SRC}/storage`,
  `${SRC}/sanitize`,
  `${SRC}/config.ts`,
  `${SRC}/errors.ts`,
];
const layers = [`${SRC}/core`, `${SRC}/portal`, `${SRC}/back-office`];

const zones = [
  {
    target: `${SRC}/core`,
    from: [`${SRC}/portal`, `${SRC}/back-office`],
    message: 'core/ is used by both sides and imports neither portal/ nor back-office/.',
  },
  {
    target: `${SRC}/portal`,
    from: `${SRC}/back-office`,
    message: 'The portal side never imports the back-office side: move what both need into core/.',
  },
  {
    target: `${SRC}/back-office`,
    from: `${SRC}/portal`,
    message: 'The back-office side never imports the portal side: move what both need into core/.',
  },
  ...plumbing.map((target) => ({
    target,
    from: layers,
    message:
      'http/, db/, crypto/, storage/, sanitize/, config.ts and errors.ts are plumbing: they import no use case.',
  })),
];

// A complaint's record (`complaints`, `complaint_log`, `complaint_files`) has one writer:
// core/complaints/complaint-store.ts. SQL that writes those tables anywhere else is refused
// (test/architecture/complaint-writes.test.ts also scans the sources for it).
const COMPLAINT_WRITE =
  '/\\b(?:UPDATE|INSERT\\s+INTO|DELETE\\s+FROM)\\s+(?:complaints|complaint_log|complaint_files)\\b/i';
const COMPLAINT_WRITE_MESSAGE =
  'Every write to complaints, complaint_log and complaint_files goes through core/complaints/complaint-store.ts (complaintStore): add a method there.';
const COMPLAINT_OWNER = 'apps/api/src/core/complaints/complaint-store.ts';

export default [
  {
    files: ['apps/api/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(REPO, 'apps/api/tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: REPO, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [COMPLAINT_OWNER],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${COMPLAINT_WRITE}]`, message: COMPLAINT_WRITE_MESSAGE },
        {
          selector: `TemplateElement[value.raw=${COMPLAINT_WRITE}]`,
          message: COMPLAINT_WRITE_MESSAGE,
        },
      ],
    },
  },
];
