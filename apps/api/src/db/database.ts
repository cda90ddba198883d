import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, statfsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { AppError } from '../errors';
import { lockFolder } from './folder-lock';

export type SqlParam = string | number | boolean | null | Date | Buffer | string[] | number[];

/**
 * The one way the API talks to PostgreSQL, whether the embedded PGlite or a real server.
 * Repositories write SQL with $1 placeholders; nothing else in the code sees a driver.
 */
export interface Db {
  query<T = Record<string, unknown>>(text: string, params?: SqlParam[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations); both drivers take it whole. */
  exec(script: string): Promise<void>;
  /** Runs `work` in one transaction: everything or nothing. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: runs `fn` once it has committed (never if it rolls back). Outside one
   * (absent), there is nothing to wait for.
   */
  afterCommit?(fn: () => void): void;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * PGlite only: the error every call now fails with once the embedded database was given up
   * (its disk filled; see openPglite), else null. A restart of the process is the cure.
   */
  readonly unusable?: AppError | null;
  /**
   * Whether writes fail for want of disk space now: PGlite below its reserve, or given up.
   * PostgreSQL's disk is not this process's to see (its 53100 errors mark readiness instead).
   */
  diskFull?(): boolean;
  /**
   * PostgreSQL only: follows `NOTIFY`s of `channel` in this database's schema (a notifier sends
   * `pg_notify('<channel>:' || current_schema(), …)`) on a connection of its own (decision 0025).
   */
  listen?(channel: string, handlers: ListenHandlers): Listening;
}

/** What a `Db.listen` subscriber hears. */
export interface ListenHandlers {
  /** A notification arrived. */
  notify(): void;
  /** The LISTEN is in place (at first, and again after each reconnection). */
  live(): void;
  /** The connection dropped: notifications are missed until the next `live`. */
  lost(): void;
}

export interface Listening {
  /** The listening connection's backend process id while it is live (operations, tests). */
  readonly pid: number | null;
  close(): Promise<void>;
}

/** How long a lost listening connection waits before connecting again, and how often it is pinged. */
export const LISTEN_RETRY_MS = 1_000;
export const LISTEN_PING_MS = 10_000;

const INT8_OID = 20;
const NUMERIC_OID = 1700;
// Ticket codes are 12 digits: well inside Number.MAX_SAFE_INTEGER, so int8 reads as a number.
const toNumber = (v: string) => Number(v);

export interface DatabaseOptions {
  /** postgres:// URL; unset means PGlite. */
  url?: string;
  /** Folder for PGlite's files; unset with no url means in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests isolate each file in its own). */
  schema?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.url) return openPostgres(options.url, options.schema);
  return openPglite(options.dataDir);
}

/**
 * The free space PGlite's disk keeps: below it, PGlite takes no more writes (four WAL segments of
 * 16 MB; a write that fails there freezes the embedded database, see openPglite).
 */
export const PGLITE_DISK_RESERVE_BYTES = 64 * 1024 * 1024;

/** A statement that only reads (PGlite's reserve lets it through). */
const READ_ONLY = /^\s*select\b/i;

/**
 * Whether the file system of `folder` has less than `bytes` free: `statfs` at most once a second,
 * unless asked `fresh`.
 */
function spaceBelow(folder: string, bytes: number): (fresh?: boolean) => boolean {
  let checkedAt = 0;
  let low = false;
  return (fresh = false) => {
    const now = Date.now();
    if (fresh || now - checkedAt >= 1_000) {
      checkedAt = now;
      const stats = statfsSync(folder);
      low = stats.bavail * stats.bsize < bytes;
    }
    return low;
  };
}

/** PGlite's shared_buffers (PostgreSQL's default is 128MB). */
export const PGLITE_SHARED_BUFFERS = '16MB';

const pgliteStartParams = () => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

/** Node's arguments of the child that creates a PGlite folder: module URL, folder, start params. */
const PGLITE_INITDB = `
const [url, dir, params] = process.argv.slice(1);
const { PGlite } = await import(url);
await (await PGlite.create(dir, { startParams: JSON.parse(params) })).close();
`;

/**
 * Creates the PGlite folder (initdb) in a short child process when it is empty. initdb in the
 * server's own process peaks at about 1 GB and leaves the process about 120 MB larger for good
 * (WASM memory never shrinks): the first start then weighs what a restart does (decision 0027).
 */
async function initPgliteFolder(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const module = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    PGLITE_INITDB,
    module.href,
    dataDir,
    JSON.stringify(pgliteStartParams()),
  ]);
}

async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite is single-process: a second process on the same folder would corrupt it. The lock file
  // sits beside the folder and is released by close() (or found stale after a crash).
  const unlock = dataDir ? lockFolder(`${dataDir.replace(/\/+$/, '')}.lock`) : () => {};
  let client: PGlite;
  try {
    if (dataDir) await initPgliteFolder(dataDir);
    client = await PGlite.create(dataDir ?? 'memory://', {
      parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
      // PostgreSQL's default 128 MB of shared buffers live in the WASM heap, which never shrinks:
      // 16 MB holds this application's working set and takes about 120 MB off the process's RSS
      // (decision 0027). Given at start, not written into the folder's postgresql.conf.
      startParams: pgliteStartParams(),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // PostgreSQL inside PGlite does not survive running out of disk: seen on a tmpfs, the next
  // statement after a 53100 never returns and blocks the event loop for good, or a write fails
  // with an internal error (XX000, "XLogBeginInsert was already called") and so does every later
  // one. So the disk must never fill under it: below PGLITE_DISK_RESERVE_BYTES free, every
  // statement but a SELECT is refused as STORAGE_FULL (507) before it reaches PGlite. Should one
  // fail for want of space all the same (a 53100, or an XX000 with the disk below the reserve),
  // the embedded database is given up: every later call fails at once as STORAGE_FULL without
  // touching it, /readyz and /livez fail, and a restart of the process (with room) recovers it.
  let full: AppError | null = null;
  const lowOnSpace = dataDir
    ? spaceBelow(dataDir, PGLITE_DISK_RESERVE_BYTES)
    : (_fresh?: boolean) => false;
  const guard = async <T>(write: boolean, call: () => Promise<T>): Promise<T> => {
    if (full) throw full;
    if (write && lowOnSpace()) throw new AppError('STORAGE_FULL');
    try {
      return await call();
    } catch (error) {
      if (isDiskFull(error) || (isInternalError(error) && lowOnSpace(true))) {
        full = storageFull(error);
        throw full;
      }
      throw error;
    }
  };
  const wrap =
    (q: Pick<PGlite, 'query'>): Db['query'] =>
    <T>(text: string, params: SqlParam[] = []) =>
      guard(!READ_ONLY.test(text), async () => (await q.query<T>(text, params)).rows);
  const exec =
    (q: Pick<PGlite, 'exec'>): Db['exec'] =>
    (script) =>
      guard(true, async () => {
        await q.exec(script);
      });
  const db: Db = {
    kind: 'pglite',
    query: wrap(client),
    exec: exec(client),
    get unusable() {
      return full;
    },
    diskFull: () => full !== null || lowOnSpace(),
    transaction: async (work) => {
      const committed: (() => void)[] = [];
      const result = await guard(true, () =>
        client.transaction((tx) => {
          const inner: Db = {
            kind: 'pglite',
            query: wrap(tx),
            exec: exec(tx),
            transaction: (w) => w(inner),
            afterCommit: (fn) => committed.push(fn),
            close: async () => {},
          };
          return work(inner);
        }),
      );
      for (const fn of committed) fn();
      return result;
    },
    // Closing twice is harmless (shutdown paths and tests may both close).
    close: async () => {
      if (client.closed) return;
      // A given-up PGlite would block on close too: the process is ending anyway.
      if (full) return unlock();
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
  return db;
}

async function openPostgres(url: string, schema?: string): Promise<Db> {
  pg.types.setTypeParser(INT8_OID, toNumber);
  pg.types.setTypeParser(NUMERIC_OID, toNumber);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: schema ? `-c search_path=${schema}` : undefined,
    statement_timeout: 30_000,
    // A server that does not answer at all (a failover to an address not up yet) fails a request
    // within this long as DATABASE_UNAVAILABLE instead of holding it; also the longest a request
    // waits for a free connection of the pool.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  pool.on('error', () => {});
  const run =
    (c: pg.Pool | pg.PoolClient): Db['query'] =>
    <T>(text: string, params: SqlParam[] = []) =>
      translated(async () => (await c.query(text, params)).rows as T[]);
  // Without parameters, pg sends the simple query protocol, which takes several statements.
  const exec =
    (c: pg.Pool | pg.PoolClient): Db['exec'] =>
    (script) =>
      translated(async () => {
        await c.query(script);
      });
  const listeners = new Set<Listening>();
  return {
    kind: 'postgres',
    query: run(pool),
    exec: exec(pool),
    listen(channel, handlers) {
      const listening = listenOn(
        url,
        schema,
        channel,
        handlers,
        (scoped, payload) => pool.query('SELECT pg_notify($1, $2)', [scoped, payload]),
        () => listeners.delete(listening),
      );
      listeners.add(listening);
      return listening;
    },
    async transaction(work) {
      const client = await translated(() => pool.connect());
      // A client checked out of the pool has no 'error' listener of the pool's: when the server
      // ends its connection (a restart, a failover) the client emits 'error', which would crash
      // the process. Its queries fail on their own; the client is then destroyed, not reused.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost ??= error);
      client.on('error', onError);
      const committed: (() => void)[] = [];
      try {
        await run(client)('BEGIN');
        const inner: Db = {
          kind: 'postgres',
          query: run(client),
          exec: exec(client),
          transaction: (w) => w(inner),
          afterCommit: (fn) => committed.push(fn),
          close: async () => {},
        };
        const result = await work(inner);
        await run(client)('COMMIT');
        for (const fn of committed) fn();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: Error) => (lost ??= rollback));
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.close()));
      if (pool.ended) return;
      await pool.end();
    },
  };
}

/**
 * One LISTEN connection (not from the pool: a pooled client would be handed to queries). It is
 * `live` only once a probe — a NOTIFY sent through the pool, as an edit's is — has come back on
 * it, and probed again every LISTEN_PING_MS: a half-open socket never errors, and behind a pooler
 * in transaction mode a LISTEN succeeds but hears nothing. A failed probe, an error or the end of
 * the connection reports `lost` and connects again after LISTEN_RETRY_MS; every `live` lets the
 * subscriber catch up on what it missed meanwhile.
 */
function listenOn(
  url: string,
  schema: string | undefined,
  channel: string,
  handlers: ListenHandlers,
  notify: (channel: string, payload: string) => Promise<unknown>,
  forget: () => void,
): Listening {
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      options: schema ? `-c search_path=${schema}` : undefined,
      application_name: 'canal-listen',
      keepAlive: true,
      query_timeout: LISTEN_PING_MS,
    });
    client = c;
    let wasLive = false;
    /** The probe in flight: its payload and what to call when it comes back. */
    let probe: { payload: string; back: () => void } | null = null;
    const drop = () => {
      if (client !== c) return;
      client = null;
      pid = null;
      clearInterval(ping);
      c.end().catch(() => {});
      if (wasLive) handlers.lost();
      if (!closed) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS).unref();
    };
    /** Sends a probe through the pool; resolves true when it came back within LISTEN_PING_MS. */
    const probed = (scoped: string) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), LISTEN_PING_MS).unref();
        const payload = `probe:${randomUUID()}`;
        probe = {
          payload,
          back: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        notify(scoped, payload).catch(() => {
          clearTimeout(timer);
          resolve(false);
        });
      });
    c.on('error', drop);
    c.on('end', drop);
    try {
      await c.connect();
      const [row] = (
        await c.query<{ schema: string; pid: number }>(
          'SELECT current_schema() AS schema, pg_backend_pid() AS pid',
        )
      ).rows;
      const scoped = `${channel}:${row!.schema}`;
      c.on('notification', (message) => {
        if (message.channel !== scoped) return;
        const payload = message.payload ?? '';
        if (!payload.startsWith('probe:')) handlers.notify();
        else if (payload === probe?.payload) probe.back();
        // Another instance's probe: nothing changed.
      });
      await c.query(`LISTEN ${c.escapeIdentifier(scoped)}`);
      if (!(await probed(scoped))) return drop();
      if (client !== c) return;
      pid = row!.pid;
      wasLive = true;
      ping = setInterval(
        () => void probed(scoped).then((ok) => ok || drop()),
        LISTEN_PING_MS,
      ).unref();
      handlers.live();
    } catch {
      drop();
    }
  };
  void connect();
  return {
    get pid() {
      return pid;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      forget();
      const c = client;
      client = null;
      pid = null;
      await c?.end().catch(() => {});
    },
  };
}

/** How long a new connection to PostgreSQL (or a free one of the pool) may take. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin_shutdown (a fast
 * shutdown or restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting
 * down, in recovery), 57P05 idle_session_timeout; class 08, connection exceptions; 53300
 * too_many_connections; 25006 read_only_sql_transaction (a write sent to a former primary that is
 * now a standby, during a failover).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '25006']);
/** Node's codes of a connection that could not be made or was cut. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says when the connection ended or never came, without a code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout)/;

/** Whether `error` says the database could not be reached or left mid-request (not a bad query). */
function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
    if (UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

/** SQLSTATE XX000 internal_error: PostgreSQL met a state it should never be in. */
const isInternalError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === 'XX000';

/** SQLSTATE 53100 disk_full: PostgreSQL could not write for want of space. */
function isDiskFull(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === '53100'
  );
}

function storageFull(cause: unknown): AppError {
  return Object.assign(new AppError('STORAGE_FULL'), { cause });
}

/**
 * Runs one call of the driver; a lost or unreachable server becomes DATABASE_UNAVAILABLE (503)
 * and a full disk STORAGE_FULL (507), each with the driver's error as its `cause`. Anything else
 * (a constraint, a bug) is left as it is.
 */
async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isDiskFull(error)) throw storageFull(error);
    if (isDatabaseUnavailable(error))
      throw Object.assign(new AppError('DATABASE_UNAVAILABLE'), { cause: error });
    throw error;
  }
}

/** PostgreSQL's SQLSTATE for a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
  );
}
