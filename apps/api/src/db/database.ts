import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type SqlParam = string | number | boolean | null | Date | Buffer | string[] | number[];

/**
 * The one way the API talks to PostgreSQL, whether the embedded PGlite or a real server.
 * Repositories write SQL with $1 placeholders; nothing else in the code sees a driver.
 */
export interface Db {
  query<T = Record<string, unknown>>(text: string, params?: SqlParam[]): Promise<T[]>;
  /** Runs `work` in one transaction: everything or nothing. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

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

async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', {
    parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
  });
  const wrap = (q: Pick<PGlite, 'query'>): Db['query'] =>
    async <T>(text: string, params: SqlParam[] = []) => (await q.query<T>(text, params)).rows;
  const db: Db = {
    kind: 'pglite',
    query: wrap(client),
    transaction: (work) =>
      client.transaction((tx) => {
        const inner: Db = { kind: 'pglite', query: wrap(tx), transaction: (w) => w(inner), close: async () => {} };
        return work(inner);
      }),
    close: () => client.close(),
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
  });
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  pool.on('error', () => {});
  const run =
    (c: pg.Pool | pg.PoolClient): Db['query'] =>
    async <T>(text: string, params: SqlParam[] = []) =>
      (await c.query(text, params)).rows as T[];
  return {
    kind: 'postgres',
    query: run(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const inner: Db = {
          kind: 'postgres',
          query: run(client),
          transaction: (w) => w(inner),
          close: async () => {},
        };
        const result = await work(inner);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL's SQLSTATE for a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
