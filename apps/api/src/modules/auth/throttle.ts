import type { Db } from '../../db/database';

export interface ThrottlePolicy {
  /** failures allowed inside the window before the key is locked */
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

// The portal retries a refused call once with a fresh bot token (SPEC §7), so one wrong password
// typed by a person counts twice: 10 failures are 5 tries.
export const DEFAULT_TICKET_THROTTLE: ThrottlePolicy = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 };

/** The tables that count failed sign-ins, each with its key column. */
const TABLES = {
  complainant: { table: 'login_throttle', key: 'ticket' },
  staff: { table: 'staff_login_throttle', key: 'key' },
} as const;

/**
 * Failed sign-ins counted per key in the database, so that every API process sees the same count
 * and spraying passwords at one account stops after a few tries whatever client it comes from.
 */
export class FailureCounter<K extends string | number> {
  private readonly table: string;
  private readonly key: string;

  constructor(
    private readonly db: Db,
    kind: keyof typeof TABLES,
    private readonly policy: ThrottlePolicy,
  ) {
    ({ table: this.table, key: this.key } = TABLES[kind]);
  }

  /** Seconds until the key may try again, or 0. */
  async lockedFor(key: K): Promise<number> {
    const rows = await this.db.query<{ seconds: number }>(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds
         FROM ${this.table} WHERE ${this.key} = $1 AND locked_until > now()`,
      [key],
    );
    return rows[0]?.seconds ?? 0;
  }

  async recordFailure(key: K): Promise<void> {
    const { maxFailures, windowMinutes, lockMinutes } = this.policy;
    await this.db.query(
      `INSERT INTO ${this.table} AS t (${this.key}, failures, window_started_at)
            VALUES ($1, 1, now())
       ON CONFLICT (${this.key}) DO UPDATE SET
         failures = CASE WHEN t.window_started_at < now() - make_interval(mins => $2) THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at < now() - make_interval(mins => $2) THEN now() ELSE t.window_started_at END`,
      [key, windowMinutes],
    );
    await this.db.query(
      `UPDATE ${this.table} SET locked_until = now() + make_interval(mins => $3), failures = 0, window_started_at = now()
        WHERE ${this.key} = $1 AND failures >= $2`,
      [key, maxFailures, lockMinutes],
    );
  }

  async reset(key: K): Promise<void> {
    await this.db.query(`DELETE FROM ${this.table} WHERE ${this.key} = $1`, [key]);
  }
}

/** Complainant sign-ins, per ticket code. */
export class TicketThrottle extends FailureCounter<number> {
  constructor(db: Db, policy: ThrottlePolicy = DEFAULT_TICKET_THROTTLE) {
    super(db, 'complainant', policy);
  }
}
