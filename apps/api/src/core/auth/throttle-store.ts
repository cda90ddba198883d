import type { Db } from '../../db/database';

export interface ThrottlePolicy {
  /** attempts allowed inside the window; the last one locks the key */
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

/** The tables that count sign-in attempts (keyed by a keyed hash, never an identifier in clear). */
const TABLES = {
  complainant: 'login_throttle',
  staff: 'staff_login_throttle',
  staffClient: 'staff_client_throttle',
} as const;

/**
 * Sign-in attempts counted per key in the database, so that every API process sees the same count
 * and spraying passwords at one account stops after a few tries whatever client it comes from.
 *
 * An attempt is reserved — counted — atomically before the password is verified (one
 * `INSERT … ON CONFLICT … RETURNING`), so a burst of concurrent guesses cannot all pass a check made
 * before any of them was counted: at most `maxFailures` are verified per window, however many
 * arrive at once and on however many processes. A successful sign-in resets the key.
 */
export class FailureCounter {
  private readonly table: string;

  constructor(
    private readonly db: Db,
    kind: keyof typeof TABLES,
    private readonly policy: ThrottlePolicy,
  ) {
    this.table = TABLES[kind];
  }

  /** Counts one attempt; the seconds to wait when it is refused, or 0 when it may go on. */
  async reserve(key: string): Promise<number> {
    const { maxFailures, windowMinutes, lockMinutes } = this.policy;
    // locked: a lock still running refuses; fresh: an ended lock or window starts over at 1.
    const rows = await this.db.query<{ failures: number; seconds: number | null }>(
      `INSERT INTO ${this.table} AS t (key, failures, window_started_at, locked_until)
            VALUES ($1, 1, now(), CASE WHEN $2::int <= 1 THEN now() + make_interval(mins => $4::int) END)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE
           WHEN t.locked_until > now() THEN $2::int + 1
           WHEN t.locked_until IS NOT NULL OR t.window_started_at < now() - make_interval(mins => $3::int) THEN 1
           ELSE t.failures + 1 END,
         window_started_at = CASE
           WHEN t.locked_until > now() THEN t.window_started_at
           WHEN t.locked_until IS NOT NULL OR t.window_started_at < now() - make_interval(mins => $3::int) THEN now()
           ELSE t.window_started_at END,
         locked_until = CASE
           WHEN t.locked_until > now() THEN t.locked_until
           WHEN t.locked_until IS NOT NULL OR t.window_started_at < now() - make_interval(mins => $3::int)
             THEN CASE WHEN $2::int <= 1 THEN now() + make_interval(mins => $4::int) END
           WHEN t.failures + 1 >= $2::int THEN now() + make_interval(mins => $4::int)
           END
       RETURNING failures, ceil(extract(epoch FROM locked_until - now()))::int AS seconds`,
      [key, maxFailures, windowMinutes, lockMinutes],
    );
    const row = rows[0]!;
    return row.failures > maxFailures ? Math.max(1, row.seconds ?? 1) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.query(`DELETE FROM ${this.table} WHERE key = $1`, [key]);
  }

  /** Takes back one attempt that succeeded (not during a lock): the others still count. */
  async release(key: string): Promise<void> {
    await this.db.query(
      `UPDATE ${this.table} SET failures = failures - 1
        WHERE key = $1 AND failures > 0 AND locked_until IS NULL`,
      [key],
    );
  }
}
