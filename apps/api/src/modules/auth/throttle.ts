import type { Db } from '../../db/database';

export interface ThrottlePolicy {
  /** failures allowed inside the window before the ticket is locked */
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
}

// The portal retries a refused call once with a fresh bot token (SPEC §7), so one wrong password
// typed by a person counts twice: 10 failures are 5 tries.
export const DEFAULT_TICKET_THROTTLE: ThrottlePolicy = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 };

/**
 * Failed logins counted per ticket in the database, so that every API process sees the same count
 * and spraying passwords at one code stops after a few tries whatever client it comes from.
 */
export class TicketThrottle {
  constructor(
    private readonly db: Db,
    private readonly policy: ThrottlePolicy = DEFAULT_TICKET_THROTTLE,
  ) {}

  /** Seconds until the ticket may try again, or 0. */
  async lockedFor(ticket: number): Promise<number> {
    const rows = await this.db.query<{ seconds: number }>(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds
         FROM login_throttle WHERE ticket = $1 AND locked_until > now()`,
      [ticket],
    );
    return rows[0]?.seconds ?? 0;
  }

  async recordFailure(ticket: number): Promise<void> {
    const { maxFailures, windowMinutes, lockMinutes } = this.policy;
    await this.db.query(
      `INSERT INTO login_throttle AS t (ticket, failures, window_started_at)
            VALUES ($1, 1, now())
       ON CONFLICT (ticket) DO UPDATE SET
         failures = CASE WHEN t.window_started_at < now() - make_interval(mins => $2) THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at < now() - make_interval(mins => $2) THEN now() ELSE t.window_started_at END`,
      [ticket, windowMinutes],
    );
    await this.db.query(
      `UPDATE login_throttle SET locked_until = now() + make_interval(mins => $3), failures = 0, window_started_at = now()
        WHERE ticket = $1 AND failures >= $2`,
      [ticket, maxFailures, lockMinutes],
    );
  }

  async reset(ticket: number): Promise<void> {
    await this.db.query('DELETE FROM login_throttle WHERE ticket = $1', [ticket]);
  }
}
