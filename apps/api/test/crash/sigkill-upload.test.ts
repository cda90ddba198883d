import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { createServices, sweep } from '../../src/runtime';
import { BOUNDARY } from '@canal/test-support/multipart';
import { denuncia, HEAD_OFFICE } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { startServerProcess } from '@canal/test-support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-crash-'));
const key = randomBytes(32).toString('hex');
let child: ChildProcess | undefined;
let schema: string | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) {
    const admin = await openDatabase({ url: process.env.DATABASE_URL });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function databaseUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  schema = `t_crash_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

describe('a server killed during a multipart upload', () => {
  it('leaves no complaint and, after the sweep, no staged file', async () => {
    const dbUrl = await databaseUrl();
    // The local store: its partial writes are what a crash leaves on disk (an S3 upload of a few
    // hundred KiB has not reached the bucket yet); the staged row is the same on both.
    const server = await startServerProcess({
      STORAGE: 'local',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: key,
      BOT_CHECK: 'off',
      DATABASE_URL: dbUrl ?? '',
    });
    child = server.child;
    const { port, exited } = server;

    // An upload that starts, sends a few megabytes of a file, and never finishes.
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v1/denuncias',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'x-filial': HEAD_OFFICE,
      },
    });
    req.on('error', () => {});
    req.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n${JSON.stringify(denuncia())}\r\n`,
    );
    req.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    req.write(pdf());
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const staging = path.join(dataDir, 'staging');
    const staged = () =>
      readdirSync(staging, { withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name);
    for (let i = 0; i < 400; i++) {
      req.write(chunk);
      await sleep(10);
      const names = staged();
      if (names.length > 0 && statSync(path.join(staging, names[0]!)).size > 2 * chunk.length)
        break;
    }
    // The upload is the one partial write of its size (the server's start-up housekeeping may be
    // storing the erasure ratchet's few bytes at this moment, decision 0047).
    const sizeOf = (name: string) => {
      try {
        return statSync(path.join(staging, name)).size;
      } catch {
        return 0; // renamed into place meanwhile: not an upload
      }
    };
    const uploads = staged().filter((name) => sizeOf(name) > 2 * chunk.length);
    expect(uploads.length).toBe(1);

    child.kill('SIGKILL');
    await exited;
    req.destroy();

    // The process is gone: open what it left behind.
    const config = loadConfig({
      STORAGE: 'local',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: key,
      BOT_CHECK: 'off',
      ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    });
    const services = await createServices(config, { warn: () => {} });
    try {
      const [{ n }] = (await services.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM complaints',
      )) as [{ n: number }];
      expect(n).toBe(0);
      expect((await services.db.query('SELECT 1 FROM complaint_files')).length).toBe(0);
      expect((await services.db.query('SELECT 1 FROM outbox')).length).toBe(0);
      // The upload's partial write is still there; beside it there may be the few bytes of the
      // start-up sweep's erasure ratchet, killed mid-write too (it runs as the server starts to
      // listen, decision 0047), which is no upload and has no staged row.
      expect(staged().filter((name) => sizeOf(name) > 2 * chunk.length)).toEqual(uploads);
      const leftovers = staged().length;
      expect(leftovers).toBeLessThanOrEqual(2);
      const stagedRows = () => services.db.query('SELECT storage_key FROM staged_files');
      expect((await stagedRows()).length).toBe(1);

      // A young leftover survives the hourly sweep (it might be an upload in progress) …
      expect(await sweep(services)).toEqual({ staged: 0, partials: 0 });
      // … and goes once it is old enough; here, told to take everything.
      expect(await sweep(services, 0)).toEqual({ staged: 1, partials: leftovers });
      expect(staged()).toEqual([]);
      expect(await stagedRows()).toEqual([]);
    } finally {
      await services.db.close();
    }
  }, 120_000);
});
