// Import boundaries of the API (issue 8, docs/decisions/0007-api-layers.md).
//
//   composition root (app.ts, server.ts, runtime.ts, testing.ts, cli/, maintenance/)  →  portal/, back-office/  →  core/
//   core/  →  http/, db/, crypto/, storage/, sanitize/, config.ts, errors.ts
//
// core/ never imports portal/ or back-office/; portal/ and back-office/ never import each other;
// the plumbing (http/, db/, crypto/, storage/, sanitize/, config.ts, errors.ts) imports none of the three;
// nothing below the composition root imports it. No cycles. Each side's own services are decorated
// on its plugin (`app.portal`, `app.backOffice`, decision 0040): core/ and the plumbing read neither,
// and a side never reads the other's.
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
const compositionRoot = [
  `${SRC}/app.ts`,
  `${SRC}/server.ts`,
  `${SRC}/runtime.ts`,
  `${SRC}/cli`,
  `${SRC}/maintenance`,
  // The entry for tests, the end-to-end suite and the benchmarks (@canal/api/testing, decision 0069).
  `${SRC}/testing.ts`,
];

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
  ...[...layers, ...plumbing].map((target) => ({
    target,
    from: compositionRoot,
    message:
      'app.ts, server.ts, runtime.ts, testing.ts, cli/ and maintenance/ are the composition root: no layer imports them.',
  })),
];

/** Reading a side's own services (`app.portal`, `{ backOffice } = request.server`, …). */
const readsServicesOf = (side, message) =>
  [`MemberExpression[property.name='${side}']`, `ObjectPattern > Property[key.name='${side}']`].map(
    (selector) => ({ selector, message }),
  );
const portalOnly = "app.portal holds the portal's own services: only portal/ reads them.";
const backOfficeOnly =
  "app.backOffice holds the back office's own services: only back-office/ reads them.";
// A complaint's record (`complaints`, `complaint_log`, `complaint_files`) has one writer:
// core/complaints/complaint-store.ts. SQL that writes those tables anywhere else is refused
// (test/architecture/complaint-writes.test.ts also scans the sources for it).
const COMPLAINT_WRITE =
  '/\\b(?:UPDATE|INSERT\\s+INTO|DELETE\\s+FROM)\\s+(?:complaints|complaint_log|complaint_files)\\b/i';
const COMPLAINT_WRITE_MESSAGE =
  'Every write to complaints, complaint_log and complaint_files goes through core/complaints/complaint-store.ts (complaintStore): add a method there.';
const COMPLAINT_OWNER = 'apps/api/src/core/complaints/complaint-store.ts';
const complaintWrites = [
  { selector: `Literal[value=${COMPLAINT_WRITE}]`, message: COMPLAINT_WRITE_MESSAGE },
  { selector: `TemplateElement[value.raw=${COMPLAINT_WRITE}]`, message: COMPLAINT_WRITE_MESSAGE },
];

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
    // One no-restricted-syntax list per file (a later entry replaces an earlier one's list), so
    // each entry repeats the complaint-write selectors beside its own.
    files: ['apps/api/src/**/*.ts'],
    ignores: [COMPLAINT_OWNER],
    rules: { 'no-restricted-syntax': ['error', ...complaintWrites] },
  },
  {
    files: ['apps/api/src/{core,http,db,crypto,storage,sanitize}/**/*.ts', 'apps/api/src/*.ts'],
    ignores: ['apps/api/src/{app,server,runtime}.ts', COMPLAINT_OWNER],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...complaintWrites,
        ...readsServicesOf('portal', portalOnly),
        ...readsServicesOf('backOffice', backOfficeOnly),
      ],
    },
  },
  {
    files: [COMPLAINT_OWNER],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...readsServicesOf('portal', portalOnly),
        ...readsServicesOf('backOffice', backOfficeOnly),
      ],
    },
  },
  {
    files: ['apps/api/src/portal/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...complaintWrites,
        ...readsServicesOf('backOffice', backOfficeOnly),
      ],
    },
  },
  {
    files: ['apps/api/src/back-office/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...complaintWrites,
        ...readsServicesOf('portal', portalOnly),
      ],
    },
  },
];
