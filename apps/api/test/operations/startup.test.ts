import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../../src/config';
import { KeyMismatchError } from '../../src/crypto/key-check';
import { FolderLockedError } from '../../src/db/folder-lock';
import { createServices } from '../../src/runtime';
import { freshDatabase } from '@canal/test-support/app';
import { REPO_ROOT } from '@canal/test-support/server-process';

// Child processes with tsx and PGlite start-ups are slow on a loaded CI machine.
vi.setConfig({ testTimeout: 240_000 });
const warn = () => {};
const key = () => randomBytes(32).toString('hex');
const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', ...env });
const temp: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'canal-ops-'));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** Runs an entry point of apps/api/src with tsx, as the npm scripts do; resolves its exit. */
function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/${script}`], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', BOT_CHECK: 'off', ...env },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return {
    child,
    done: new Promise<{ code: number | null; output: string }>((resolve) =>
      child.once('exit', (code) => resolve({ code, output })),
    ),
  };
}

describe('the stored key check', () => {
  it('lets the same key start again and refuses another one, naming DATA_ENCRYPTION_KEY', async () => {
    const { db, drop } = await freshDatabase();
    const dataDir = tempDir();
    const first = key();
    try {
      await createServices(config({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: first }), { db, warn });
      await createServices(config({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: first }), { db, warn });
      const other = createServices(config({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key() }), {
        db,
        warn,
      });
      await expect(other).rejects.toBeInstanceOf(KeyMismatchError);
      await expect(other).rejects.toThrow(/DATA_ENCRYPTION_KEY/);
      // Only the keyed hash is stored, never the key.
      const rows = await db.query<{ value: string }>('SELECT value FROM key_check');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.value).not.toContain(first);
    } finally {
      await drop();
    }
  });

  it('`npm run migrate` stores it; the server with another key exits non-zero naming the variable', async () => {
    const dataDir = tempDir();
    const migrated = await run('cli/migrate.ts', { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key() });
    const m = await migrated.done;
    expect(m.code, m.output).toBe(0);
    const server = run('server.ts', {
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: key(),
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const s = await server.done;
    expect(s.code).toBe(1);
    expect(s.output).toMatch(/DATA_ENCRYPTION_KEY no coincide/);
  }, 240_000);
});

describe('the embedded database folder lock', () => {
  it('refuses a second runtime on the same folder while the first runs, then lets it in', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key() };
    const first = await createServices(config(env), { warn });
    try {
      const second = createServices(config(env), { warn });
      await expect(second).rejects.toBeInstanceOf(FolderLockedError);
      await expect(second).rejects.toThrow(new RegExp(`proceso ${process.pid}`));
    } finally {
      await first.db.close();
    }
    const again = await createServices(config(env), { warn });
    await again.db.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = tempDir();
    // A pid that cannot be alive: above Linux's pid_max.
    writeFileSync(path.join(dataDir, 'pglite.lock'), '4194305');
    const services = await createServices(
      config({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key() }),
      {
        warn,
      },
    );
    await services.db.close();
  });

  it('makes sweep and admin:create fail at once with a clear message while a server runs', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key() };
    const server = await createServices(config(env), { warn });
    try {
      for (const [script, args] of [
        ['cli/sweep.ts', []],
        ['cli/admin-create.ts', ['--email', 'ana@empresa.cl', '--name', 'Ana']],
      ] as const) {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', `apps/api/src/${script}`, ...args],
          {
            cwd: REPO_ROOT,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', BOT_CHECK: 'off', ...env },
          },
        );
        let output = '';
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        const code = await new Promise((resolve) => child.once('exit', resolve));
        expect(code, script).toBe(1);
        expect(output).toMatch(/está en uso por el proceso \d+/);
        expect(output).not.toMatch(/at .*\.ts:\d+/); // one line, no stack trace
      }
    } finally {
      await server.db.close();
    }
  }, 240_000);
});

// Several instances on one PostgreSQL database: only meaningful (and only run) on PostgreSQL.
describe.runIf(process.env.DATABASE_URL)('instances started together on an empty database', () => {
  it('all come up: migrations and the master-data seed take turns', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `ops_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const encryption = key();
    try {
      const started = await Promise.allSettled(
        [1, 2, 3].map(() =>
          createServices(
            config({
              DATA_DIR: tempDir(),
              DATABASE_URL: url.toString(),
              DATA_ENCRYPTION_KEY: encryption,
            }),
            { warn },
          ),
        ),
      );
      for (const s of started) if (s.status === 'fulfilled') await s.value.db.close();
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query<{ n: string }>(
        'SELECT count(DISTINCT organization_id)::text AS n FROM master_categories',
      );
      await check.end();
      expect(rows[0]!.n).toBe('13');
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 240_000);
});
