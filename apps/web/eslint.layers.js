// Import boundaries of the web app (issue 8, docs/decisions/0008-web-layers.md).
//
//   app → routes → features → lib, config → components
//
// Each layer imports only the layers to its right; a feature never imports another feature (the
// route or the app composes them); components (the design system) import no layer of the app.
// Test helpers live in src/test/: only tests import them, and they may import anything.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { testOnlyImports } from '../../eslint.test-support.js';

const web = import.meta.dirname;
const src = path.join(web, 'src');
const at = (...parts) => path.join(src, ...parts);

/** One zone per feature folder: everything under src/features except the feature itself. */
const features = readdirSync(at('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((feature) => ({
  target: at('features', feature),
  from: at('features'),
  except: [`./${feature}`],
  message: `A feature does not import another feature: compose them in routes/ or app/, or move the shared part to lib/ (features/${feature}).`,
}));

const layerZones = [
  ...featureZones,
  {
    target: at('features'),
    from: [at('routes'), at('app')],
    message: 'Features sit below routes/ and app/: they do not import them.',
  },
  {
    target: at('routes'),
    from: at('app'),
    message: 'Routes sit below app/: they do not import it.',
  },
  {
    target: [at('lib'), at('config')],
    from: [at('features'), at('routes'), at('app')],
    message: 'The shared layer (lib/, config/) does not import features, routes or app.',
  },
  {
    target: at('config'),
    from: at('lib'),
    message: 'config/ is plain data and settings: it does not import lib/.',
  },
  {
    target: at('components'),
    from: [at('features'), at('routes'), at('app'), at('lib'), at('config')],
    message:
      'components/ is the design system: it imports no layer of the app (pass data in as props).',
  },
];

const testHarnessZone = {
  target: src,
  from: [at('test'), at('testing.ts')],
  message:
    'Only tests import the test helpers in src/test/; src/testing.ts is the entry for code outside the app (@canal/web/testing).',
};

const files = ['apps/web/src/**/*.{ts,tsx}'];

/**
 * The back office's screens read and write front (English) names only: the contract (endpoints,
 * wire types, `buildRequest`) is read by its data layer, features/back-office/api/, one module per
 * endpoint with its mappers both ways (decision 0038). Tests may build wire answers for MSW.
 */
const backOfficeScreens = {
  files: ['apps/web/src/features/back-office/**/*.{ts,tsx}'],
  ignores: ['apps/web/src/features/back-office/api/**', 'apps/web/src/**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: '@canal/shared/contract',
            message:
              'Back-office screens do not read the contract or its wire names: use (or add) the endpoint module in features/back-office/api/, whose mappers turn the wire into front names and back.',
          },
          // One no-restricted-imports list per file (a later entry replaces an earlier one's), so
          // the test-support boundary's is repeated here.
          ...testOnlyImports.paths,
        ],
        patterns: testOnlyImports.patterns,
      },
    ],
  },
};
const harness = ['apps/web/src/test/**'];
const tests = ['apps/web/src/**/*.test.{ts,tsx}'];

export default [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript files are modules to follow (no-cycle walks them), parsed as TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(web, 'tsconfig.json') }),
      ],
    },
  },
  {
    files,
    rules: { 'import-x/no-cycle': 'error' },
  },
  // Tests follow the layers of the folder they sit in; they may also import src/test/.
  {
    files,
    ignores: harness,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  // Source files (not tests) may not import src/test/ either.
  {
    files,
    ignores: [...harness, ...tests],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, testHarnessZone] }],
    },
  },
  backOfficeScreens,
];
