// Issue 25: a full disk, for real (a small tmpfs: mounting one needs root, as CI and the
// developers' machines run). A write that finds no room answers 507 with a Spanish message and
// keeps nothing; /readyz fails while writes fail and recovers once there is room again. Three
// disks fill: the local file store's (ENOSPC), PostgreSQL's (SQLSTATE 53100, a tablespace on the
// tmpfs of a PostgreSQL of the test's own) and embedded PGlite's (its reserve refuses writes
// before the disk fills: a write that fails there freezes it).
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Db } from '../../src/db/database';
import { PGLITE_DISK_RESERVE_BYTES } from '../../src/db/pglite';
import { ERRORS } from '../../src/errors';
import { createServices } from '../../src/runtime';
import { LocalObjectStore, type ObjectStore } from '../../src/storage';
import { freshDatabase } from '@canal/test-support/app';
import { REPO_ROOT } from '@canal/test-support/server-process';
import { denuncia, file, login } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { complaintFilesOnDisk } from '../support/object-store';

const root = process.getuid?.() === 0;
const HOLD_MS = 1_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const mounts: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});
afterAll(() => {
  for (const m of mounts.splice(0)) {
    execFileSync('umount', ['-l', m]);
    rmSync(m, { recursive: true, force: true });
  }
});

/** A tmpfs of `megabytes` on a new folder (removed after the file). */
function smallDisk(megabytes: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'canal-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0777`, 'tmpfs', folder]);
  mounts.push(folder);
  return folder;
}

const freeBytes = (folder: string) => {
  const s = statfsSync(folder);
  return s.bavail * s.bsize;
};

/** Fills `folder`'s disk with one file until `leave` bytes are free; returns its path. */
function fill(folder: string, leave: number): string {
  const filler = path.join(folder, 'relleno.bin');
  const size = freeBytes(folder) - leave;
  writeFileSync(filler, Buffer.alloc(Math.max(0, size)));
  return filler;
}

/** An app on `db` and `store`, readiness holding a disk-full for HOLD_MS. */
async function appOn(db: Db, store: ObjectStore, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BOT_CHECK: 'off',
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
  });
  const services = await createServices(config, { db, store, warn: () => {} });
  const app = await buildApp(services, {
    logger: false,
    webDist: path.join(dataDir, 'no-web'),
    globalRateLimit: 100_000,
    clientLimits: { login: 100_000, recovery: 100_000, filing: 100_000 },
    diskFullHoldMs: HOLD_MS,
  });
  cleanups.push(() => app.close());
  return { app, services };
}

const readiness = async (app: FastifyInstance) => {
  const r = await app.inject({ url: '/readyz' });
  return { status: r.statusCode, body: r.json() as { status: string; reason?: string } };
};

/** A complaint with a PDF of `bytes` (its head a real PDF, then padding). */
const fileWith = (app: FastifyInstance, bytes: number) =>
  file(app, denuncia(), [
    { filename: 'antecedente.pdf', head: pdf(), size: bytes, contentType: 'application/pdf' },
  ]);

const count = async (db: Db, table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

/** Waits until /readyz answers `status`. */
async function readyzBecomes(app: FastifyInstance, status: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await readiness(app);
    if (r.status === status || Date.now() > until) return r;
    await sleep(100);
  }
}

describe.skipIf(!root)('a full disk (a tmpfs of the test’s own; needs root)', () => {
  it('of the file store: an upload answers 507 in Spanish, nothing is kept, /readyz fails until there is room again', async () => {
    const disk = smallDisk(8);
    const { db, drop } = await freshDatabase();
    cleanups.push(drop);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-full-data-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const store = new LocalObjectStore({
      root: path.join(disk, 'files'),
      tempDir: path.join(disk, 'staging'),
    });
    await store.init();
    const { app } = await appOn(db, store, dataDir);
    expect((await readiness(app)).status).toBe(200);

    const filler = fill(disk, 512 * 1024);
    const refused = await fileWith(app, 2 * 1024 * 1024);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ message: ERRORS.STORAGE_FULL.message });
    expect(refused.json().message).toMatch(/espacio/);
    // Nothing half-written: no complaint, no staged row, no file or partial write left.
    expect(await count(db, 'complaints')).toBe(0);
    expect(await count(db, 'staged_files')).toBe(0);
    expect(complaintFilesOnDisk(path.join(disk, 'files'))).toEqual([]);
    expect(readdirSync(path.join(disk, 'staging'))).toEqual([]);
    expect(await readiness(app)).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'disk-full' },
    });
    // Reading still works meanwhile (/livez too).
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);

    // Room again: readiness comes back, and the same upload is taken.
    rmSync(filler);
    expect((await readyzBecomes(app, 200)).status).toBe(200);
    const filed = await fileWith(app, 2 * 1024 * 1024);
    expect(filed.statusCode).toBe(201);
    const { ticket } = filed.json() as { ticket: number };
    const { auth } = await login(app, ticket);
    const read = await app.inject({ url: `/v1/denuncias/${ticket}/adjuntos`, headers: auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toHaveLength(1);
  });

  it('of PostgreSQL (SQLSTATE 53100): a filing answers 507 in Spanish, nothing is kept, /readyz fails until there is room again', async () => {
    const postgres: PrivatePostgres = await startPrivatePostgres();
    cleanups.push(() => postgres.destroy());
    const disk = smallDisk(24);
    const space = path.join(disk, 'tablespace');
    mkdirSync(space);
    postgres.ownedFolder(space);
    // The database's tables on the small disk; its WAL stays on the server's own.
    await postgres.query(`CREATE TABLESPACE pequeno LOCATION '${space}'`);
    await postgres.query('CREATE DATABASE canal TABLESPACE pequeno');
    const db = await openDatabase({ url: postgres.urlOf('canal') });
    cleanups.push(() => db.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-full-data-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const store = new LocalObjectStore({
      root: path.join(dataDir, 'files'),
      tempDir: path.join(dataDir, 'staging'),
    });
    await store.init();
    const { app } = await appOn(db, store, dataDir);
    expect((await readiness(app)).status).toBe(200);

    // Room kept aside, to give back later: on a full disk PostgreSQL may fail even a read (a dirty
    // page it must write out to make room) and the DROP that would free the space.
    const ballast = path.join(disk, 'reserva.bin');
    writeFileSync(ballast, Buffer.alloc(4 * 1024 * 1024));
    // Fill the tablespace from the database itself until PostgreSQL says it is full, in smaller
    // and smaller batches of short rows, until not one more row fits: no page has room left.
    await db.query('CREATE TABLE relleno (x text)');
    const errors: unknown[] = [];
    for (const rows of [100_000, 10_000, 1_000, 100, 10, 1])
      for (;;) {
        const error = await db
          .query(
            'INSERT INTO relleno SELECT md5(random()::text) FROM generate_series(1, $1::int)',
            [rows],
          )
          .then(
            () => null,
            (e: unknown) => e,
          );
        if (!error) continue;
        errors.push(error);
        break;
      }
    for (const full of errors) {
      expect((full as { code?: string }).code).toBe('STORAGE_FULL');
      expect(((full as Error).cause as { code?: string }).code).toBe('53100');
    }

    const refused = await fileWith(app, 64 * 1024);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ message: ERRORS.STORAGE_FULL.message });
    expect(await readiness(app)).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'disk-full' },
    });

    rmSync(ballast);
    await db.query('DROP TABLE relleno');
    // Nothing of the refused filing was kept.
    expect(await count(db, 'complaints')).toBe(0);
    expect(await count(db, 'complaint_log')).toBe(0);
    expect(complaintFilesOnDisk(path.join(dataDir, 'files'))).toEqual([]);
    expect((await readyzBecomes(app, 200)).status).toBe(200);
    const filed = await fileWith(app, 64 * 1024);
    expect(filed.statusCode).toBe(201);
    expect(await count(db, 'complaints')).toBe(1);
    expect(await count(db, 'staged_files')).toBe(0);
  });

  it('of embedded PGlite: below its reserve writes answer 507 in Spanish and /readyz fails, room again, it takes them', async () => {
    const disk = smallDisk(192);
    const db = await openDatabase({ dataDir: path.join(disk, 'pglite') });
    cleanups.push(() => db.close());
    const store = new LocalObjectStore({
      root: path.join(disk, 'files'),
      tempDir: path.join(disk, 'staging'),
    });
    await store.init();
    const { app } = await appOn(db, store, disk);
    const first = await fileWith(app, 64 * 1024);
    expect(first.statusCode).toBe(201);
    const { ticket } = first.json() as { ticket: number };
    expect((await readiness(app)).status).toBe(200);

    const filler = fill(disk, PGLITE_DISK_RESERVE_BYTES / 2);
    await sleep(1_100); // the free space is read at most once a second
    const refused = await fileWith(app, 64 * 1024);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ message: ERRORS.STORAGE_FULL.message });
    expect(await readiness(app)).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'disk-full' },
    });
    expect(await count(db, 'complaints')).toBe(1);
    expect(await count(db, 'staged_files')).toBe(0);
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);

    rmSync(filler);
    expect((await readyzBecomes(app, 200)).status).toBe(200);
    expect((await fileWith(app, 64 * 1024)).statusCode).toBe(201);
    const { auth } = await login(app, ticket);
    expect((await app.inject({ url: `/v1/denuncias/${ticket}`, headers: auth })).statusCode).toBe(
      200,
    );
  });

  it('of embedded PGlite that still fails a write for want of space: it is given up, not touched again (it would freeze); every call 507, /livez and /readyz 503', async () => {
    const disk = smallDisk(160);
    // In a child process: were the embedded database touched again, it would freeze the event
    // loop; the child is then killed and this test fails rather than hangs.
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'apps/api/test/support/pglite-given-up.ts', path.join(disk, 'pglite')],
        { cwd: REPO_ROOT, timeout: 90_000, killSignal: 'SIGKILL' },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    expect(JSON.parse(output.trim().split('\n').pop()!)).toEqual({
      first: { code: 'STORAGE_FULL', cause: expect.stringMatching(/^(53100|XX000)$/) },
      again: 'STORAGE_FULL',
      livez: 503,
      readyz: { status: 503, body: { status: 'unavailable', reason: 'disk-full' } },
    });
  }, 150_000);
});
