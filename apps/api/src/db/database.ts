import type { AppError } from '../errors';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type SqlParam =
  string | number | boolean | null | Date | Buffer | (string | null)[] | (number | null)[];

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
   * PGlite only: the whole database as a tarball, which `DatabaseOptions.from` starts another
   * in-memory database from (the API tests start each file's database from one migrated copy).
   */
  snapshot?(): Promise<Blob>;
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

export interface DatabaseOptions {
  /** postgres:// URL; unset means PGlite. */
  url?: string;
  /** Folder for PGlite's files; unset with no url means in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests isolate each file in its own). */
  schema?: string;
  /** PGlite in memory only: start from this `Db.snapshot()` instead of an empty database. */
  from?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.url) return openPostgres(options.url, options.schema);
  return openPglite(options.dataDir, options.from);
}
