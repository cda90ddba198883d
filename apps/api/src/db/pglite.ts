import { existsSync, mkdirSync, statfsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { AppError } from '../errors';
import type { Db, SqlParam } from './database';
import {
  INT8_OID,
  isDiskFull,
  isInternalError,
  NUMERIC_OID,
  storageFull,
  toNumber,
} from './driver-errors';
import { lockFolder } from './folder-lock';

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

export async function openPglite(dataDir?: string, from?: Blob): Promise<Db> {
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
      // A snapshot skips initdb (seconds of the WASM's work): only ever in memory.
      ...(from && !dataDir ? { loadDataDir: from } : {}),
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
    snapshot: () => client.dumpDataDir('none'),
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
