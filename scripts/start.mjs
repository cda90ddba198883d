// `npm start`: builds what is not built (documents, then the portal) and starts portal + API on one
// origin. Rebuilds only when a source is newer than the build, so a second start is immediate.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const sources = ['src', 'public', 'documents', 'index.html', 'vite.config.ts'].map((p) =>
  path.join(web, p),
);
sources.push(path.join(root, 'packages/shared/src'));
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (process.env.SKIP_WEB_BUILD !== '1' && Math.max(...sources.map(newest)) > builtAt) {
  console.log('Construyendo el portal…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}

// A 1 MB young generation, as `npm run start:prod` (decision 0027, round 3).
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=1', '--import', 'tsx', 'apps/api/src/server.ts'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
