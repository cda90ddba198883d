import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import apiLayers from './apps/api/eslint.layers.js';
import webLayers from './apps/web/eslint.layers.js';
import testSupport from './eslint.test-support.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'scripts/**/*.mjs',
      'bench/**',
      'apps/api/**',
      'apps/web/documents/**',
      'apps/web/e2e/**',
    ],
    languageOptions: { globals: globals.node },
  },
  // Scripts the portal serves as they are (apps/web/public), run in the browser.
  { files: ['apps/web/public/**/*.js'], languageOptions: { globals: globals.browser } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Rooms stay small (issue 23): a production file past 400 lines is split by what it does. Data
  // tables are the exception: a brand's assets, the seeded master data.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'apps/web/src/lib/brand/assets.ts',
      'apps/api/src/db/seed/master-data.ts',
    ],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  ...testSupport,
  ...apiLayers,
  ...webLayers,
);
