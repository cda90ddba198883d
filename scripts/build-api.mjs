// Compiles the API to plain JavaScript in apps/api/dist for `npm run start:prod` (plain node, no
// tsx): one ESM bundle per entry point (server and CLIs) with esbuild. The workspace's shared
// package and the .tsx mail templates are bundled in; every npm dependency stays external and is
// loaded from node_modules at run time. The SQL migrations are copied beside the bundle, where
// db/migrate.ts looks for them (next to the module that runs).
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
const out = path.join(api, 'dist');
const pkg = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@canal/'));

rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'apps/api/src/server.ts',
    migrate: 'apps/api/src/cli/migrate.ts',
    sweep: 'apps/api/src/cli/sweep.ts',
    retention: 'apps/api/src/cli/retention.ts',
    'admin-create': 'apps/api/src/cli/admin-create.ts',
    reseal: 'apps/api/src/cli/reseal.ts',
    'keys-rewrap': 'apps/api/src/cli/keys-rewrap.ts',
    'keys-revoke': 'apps/api/src/cli/keys-revoke.ts',
    'files-migrate': 'apps/api/src/cli/files-migrate.ts',
    'audit-verify': 'apps/api/src/cli/audit-verify.ts',
    'audit-checkpoint': 'apps/api/src/cli/audit-checkpoint.ts',
    // The thread that makes PDF documents (back-office/export/pdf-renderer.ts loads it by name).
    'pdf-worker': 'apps/api/src/back-office/export/pdf-worker.ts',
  },
  outdir: out,
  // One self-contained file per entry, all in one folder: paths taken from import.meta.url
  // (migrations beside it, the portal at ../../web/dist) are the same as from src/.
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  jsx: 'automatic',
  sourcemap: true,
  // Sub-paths (`react/jsx-runtime`, `@aws-sdk/client-s3/…`) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
mkdirSync(out, { recursive: true });
cpSync(path.join(api, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
console.log(`API compilada en ${path.relative(root, out)}`);
