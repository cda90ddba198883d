// Issue 25: PostgreSQL restarts (a minor upgrade, managed maintenance) and dies and comes back (a
// failover) while complaints are being filed. The server process rides through: requests in
// flight answer 201 or a Spanish 503, nothing is half-written, and once the database is back the
// next filings succeed with no restart of the API. On a PostgreSQL of the test's own
// (test/support/private-postgres.ts): the machine's shared server is never restarted.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors';
import { loadConfig } from '../../src/config';
import { createServices, sweep } from '../../src/runtime';
import { fileOnce, fileUntil, signInAndRead, type Filing } from '../support/filing-load';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { startServerProcess, type ServerProcess } from '@canal/test-support/server-process';
import { complaintFilesOnDisk } from '../support/object-store';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-dbrestart-'));
const key = randomBytes(32).toString('hex');
let postgres: PrivatePostgres;
let server: ServerProcess;
let databaseUrl: string;

const env = () => ({
  STORAGE: 'local',
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATA_ENCRYPTION_KEY: key,
  BOT_CHECK: 'off',
  FILINGS_PER_HOUR: '100000',
  LOGINS_PER_15_MINUTES: '100000',
  // Every call of the load comes from one loopback client: the flood limit is tested apart.
  RATE_LIMIT_PER_MINUTE: '100000',
  DATABASE_URL: databaseUrl,
});

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  await postgres.query('CREATE DATABASE canal');
  databaseUrl = postgres.urlOf('canal');
  server = await startServerProcess(env(), 'pipe');
}, 180_000);

afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits until the server's /readyz answers 200 again (the database is back for it). */
async function ready(base: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error('el servidor no volvió a estar listo');
}

/** Each instance's LISTEN connection (application_name canal-listen) on the private server. */
const listeners = async () =>
  (
    await postgres.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'canal-listen'",
    )
  )[0]!.n;

/** Every filing answered 201 or a Spanish 503; never a 500, never a dropped connection. */
function expectCleanAnswers(filings: Filing[]): void {
  const unclean = filings.filter(
    (f) =>
      !(f.status === 201 && typeof f.ticket === 'number') &&
      !(f.status === 503 && f.message === ERRORS.DATABASE_UNAVAILABLE.message),
  );
  expect(unclean).toEqual([]);
}

describe('a database restart under a filing load', () => {
  it('is ridden through: 201 or a Spanish 503 in flight, nothing half-written, filings succeed after with no restart of the API', async () => {
    const { baseUrl, child } = server;
    const pidBefore = child.pid;
    await ready(baseUrl);
    // The master-data LISTEN is in place before the restarts.
    await expect.poll(listeners, { timeout: 20_000 }).toBe(1);

    const stop = new AbortController();
    const load = fileUntil([baseUrl], 4, stop.signal);
    await postgres.restartThenFailover();
    stop.abort();
    const filings = await load;

    expect(child.exitCode, server.log()).toBeNull();
    expect(child.pid).toBe(pidBefore);
    expectCleanAnswers(filings);
    // The restarts did meet requests in flight (or this test would prove nothing).
    expect(filings.filter((f) => f.status === 503).length).toBeGreaterThan(0);
    expect(filings.filter((f) => f.status === 201).length).toBeGreaterThan(0);

    // Back: the next filings succeed on the same process, and the LISTEN reconnected.
    await ready(baseUrl);
    const after = await Promise.all([1, 2, 3].map(() => fileOnce(baseUrl)));
    expect(after.map((f) => f.status)).toEqual([201, 201, 201]);
    await expect.poll(listeners, { timeout: 20_000 }).toBe(1);

    // Every ticket answered 201 is whole: it can be signed into and read, its file listed.
    const tickets = [...filings, ...after].filter((f) => f.status === 201).map((f) => f.ticket!);
    for (const ticket of tickets)
      expect(await signInAndRead(baseUrl, ticket), String(ticket)).toEqual({
        login: 200,
        read: 200,
        files: 1,
      });

    // Nothing half-written: every complaint has its first log entry and its file; a complaint
    // whose commit went through but whose answer was lost (a 503 at COMMIT) is whole too.
    const db = (text: string) => postgres.query<{ n: number }>(text, [], 'canal');
    const [complaints] = await db('SELECT count(*)::int AS n FROM complaints');
    expect(complaints!.n).toBeGreaterThanOrEqual(tickets.length);
    expect(complaints!.n).toBeLessThanOrEqual(
      tickets.length + filings.filter((f) => f.status === 503).length,
    );
    const [withoutLog] = await db(
      `SELECT count(*)::int AS n FROM complaints c
        WHERE NOT EXISTS (SELECT 1 FROM complaint_log l WHERE l.complaint_id = c.id)`,
    );
    expect(withoutLog!.n).toBe(0);
    const [withoutFile] = await db(
      `SELECT count(*)::int AS n FROM complaints c
        WHERE NOT EXISTS (SELECT 1 FROM complaint_files f WHERE f.complaint_id = c.id)`,
    );
    expect(withoutFile!.n).toBe(0);
    // A filing that failed leaves at most its upload staged, for the sweep.
    const [staged] = await db('SELECT count(*)::int AS n FROM staged_files');
    expect(staged!.n).toBeLessThanOrEqual(filings.filter((f) => f.status === 503).length);
    const [committedFiles] = await db('SELECT count(*)::int AS n FROM complaint_files');

    // The sweep (told to take every staged upload: the load has ended) leaves in the folder
    // exactly the committed complaints' files.
    const services = await createServices(loadConfig(env()), { warn: () => {} });
    try {
      await sweep(services, 0);
    } finally {
      await services.db.close();
    }
    const [stagedAfter] = await db('SELECT count(*)::int AS n FROM staged_files');
    expect(stagedAfter!.n).toBe(0);
    const stored = complaintFilesOnDisk(path.join(dataDir, 'files')).length;
    expect(stored).toBe(committedFiles!.n);
    expect(child.exitCode).toBeNull();
  }, 180_000);
});
