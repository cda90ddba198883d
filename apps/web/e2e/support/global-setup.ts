import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../../api/test/support/server-process';

const WEB = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the portal into a temporary folder, then starts the real server on a temporary data folder
 * (PGlite, local mailbox, ALTCHA on) for the whole end-to-end run.
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(path.join(tmpdir(), 'canal-e2e-'));
  const dist = path.join(work, 'dist');
  const dataDir = path.join(work, 'data');
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: WEB, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build falló:\n${build.stdout}\n${build.stderr}`);
  const docs = spawnSync(process.execPath, ['--import', 'tsx', 'documents/build-documents.ts', dist], { cwd: WEB, encoding: 'utf8' });
  if (docs.status !== 0) throw new Error(`documentos fallaron:\n${docs.stderr}`);

  const { child: server, port } = await startServerProcess(
    (port) => ({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      BOT_CHECK: 'altcha',
      WEB_DIST: dist,
      PUBLIC_URL: `http://localhost:${port}`,
    }),
    'inherit',
  );
  const base = `http://localhost:${port}`;
  project.provide('baseUrl', base);
  project.provide('port', port);
  project.provide('dataDir', dataDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    dataDir: string;
  }
}
