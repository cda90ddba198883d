import { AppError } from '../errors';

export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
// Ticket codes are 12 digits: well inside Number.MAX_SAFE_INTEGER, so int8 reads as a number.
export const toNumber = (v: string) => Number(v);

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
export const isInternalError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === 'XX000';

/** SQLSTATE 53100 disk_full: PostgreSQL could not write for want of space. */
export function isDiskFull(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === '53100'
  );
}

export function storageFull(cause: unknown): AppError {
  return Object.assign(new AppError('STORAGE_FULL'), { cause });
}

/**
 * Runs one call of the driver; a lost or unreachable server becomes DATABASE_UNAVAILABLE (503)
 * and a full disk STORAGE_FULL (507), each with the driver's error as its `cause`. Anything else
 * (a constraint, a bug) is left as it is.
 */
export async function translated<T>(call: () => Promise<T>): Promise<T> {
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
