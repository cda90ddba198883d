import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createServices, LiveInstancesError, startWorkers, sweepAll } from '../../src/runtime';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { REPO_ROOT } from '@canal/test-support/server-process';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { INSTANCE_ID: 'api-prueba-1' } });
});
afterAll(() => t.close());

const heartbeats = () =>
  t.db
    .query<{ id: string }>('SELECT id FROM instances ORDER BY id')
    .then((r) => r.map((x) => x.id));

describe('instance heartbeats', () => {
  it('are written while the workers run and removed when they stop; sweep --all refuses meanwhile', async () => {
    const stop = startWorkers(t.services, () => {}, 60_000);
    try {
      for (let i = 0; i < 100 && (await heartbeats()).length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await heartbeats()).toEqual(['api-prueba-1']);
      const refused = sweepAll(t.services);
      await expect(refused).rejects.toBeInstanceOf(LiveInstancesError);
      await expect(refused).rejects.toThrow(/api-prueba-1/);
    } finally {
      await stop();
    }
    expect(await heartbeats()).toEqual([]);
    await expect(sweepAll(t.services)).resolves.toEqual({ staged: 0, partials: 0 });
  });

  it('do not hold sweep --all back once stale (an instance that died without saying so)', async () => {
    await t.db.query(
      `INSERT INTO instances (id, seen_at) VALUES ('api-caida', now() - interval '5 minutes')`,
    );
    await expect(sweepAll(t.services)).resolves.toEqual({ staged: 0, partials: 0 });
    await t.db.query('DELETE FROM instances');
  });
});

describe('`npm run sweep -- --all`', () => {
  it('exits non-zero naming the live instance', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-sweep-'));
    const env = {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      BOT_CHECK: 'off',
    };
    try {
      // An instance's heartbeat in the embedded database (the instance itself has just let go of
      // the folder's lock, as if it ran elsewhere on PostgreSQL).
      const services = await createServices(loadConfig(env), { warn: () => {} });
      await services.db.query(`INSERT INTO instances (id) VALUES ('api-norte-2')`);
      await services.files.store.close();
      await services.db.close();

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/cli/sweep.ts', '--all'],
        {
          cwd: REPO_ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', ...env },
        },
      );
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, output).toBe(1);
      expect(output).toMatch(/sweep --all rechazado: hay instancias en ejecución: api-norte-2/);
      expect(output).not.toMatch(/Archivos no confirmados eliminados/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
