import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '@canal/test-support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-build-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run build:api + npm run start:prod', () => {
  it('compiles the API to JavaScript that plain node serves (no tsx)', async () => {
    await promisify(execFile)(process.execPath, ['scripts/build-api.mjs'], { cwd: REPO_ROOT });
    const dist = path.join(REPO_ROOT, 'apps/api/dist');
    expect(existsSync(path.join(dist, 'server.js'))).toBe(true);
    expect(existsSync(path.join(dist, 'migrations/001_init.sql'))).toBe(true);
    // The mail templates (.tsx) and the shared package are inside; no TypeScript is loaded.
    const server = readFileSync(path.join(dist, 'server.js'), 'utf8');
    expect(server).not.toMatch(/from ["']@canal\/shared["']/);
    expect(server).not.toMatch(/\.tsx?["']/);

    const port = await freePort();
    const child = spawn(process.execPath, [path.join(dist, 'server.js')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      // No tsx loader anywhere: plain node.
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        BOT_CHECK: 'off',
        PORT: String(port),
        HOST: '127.0.0.1',
        SHUTDOWN_DELAY_MS: '0',
      },
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let live: Response | undefined;
      for (let i = 0; i < 600 && child.exitCode === null; i++) {
        live = await fetch(`http://127.0.0.1:${port}/livez`).catch(() => undefined);
        if (live) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(live?.status, stderr).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      // The master data was seeded from the bundled migrations and seed.
      const masterData = await fetch(`http://127.0.0.1:${port}/v1/datos-maestros/zonas`, {
        headers: { 'x-filial': 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae' },
      });
      expect(masterData.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 240_000);
});
