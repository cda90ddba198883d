import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';

export interface StaffThrottlePolicy {
  /** Failed sign-ins allowed per e-mail inside the window before it is locked. */
  perEmail: number;
  /** Failed sign-ins allowed per client (network address) inside the window. */
  perClient: number;
  windowMinutes: number;
  lockMinutes: number;
}

export const DEFAULT_STAFF_THROTTLE: StaffThrottlePolicy = { perEmail: 5, perClient: 20, windowMinutes: 15, lockMinutes: 15 };

/**
 * Failed staff sign-ins, counted per e-mail in the database (every process sees the same count; the
 * key is a keyed hash, so addresses nobody has are not stored) and per client in memory (the
 * address itself is never stored anywhere: only a hash of it, for the window, in this process).
 */
export class StaffThrottle {
  private readonly clients = new Map<string, { failures: number; windowStart: number; lockedUntil: number }>();

  constructor(
    private readonly db: Db,
    private readonly policy: StaffThrottlePolicy = DEFAULT_STAFF_THROTTLE,
  ) {}

  /** Seconds until this e-mail or this client may try again, or 0. */
  async lockedFor(emailKey: string, client: string, now = Date.now()): Promise<number> {
    const entry = this.clients.get(clientKey(client));
    const clientWait = entry && entry.lockedUntil > now ? Math.ceil((entry.lockedUntil - now) / 1000) : 0;
    const rows = await this.db.query<{ seconds: number }>(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds
         FROM staff_login_throttle WHERE key = $1 AND locked_until > now()`,
      [emailKey],
    );
    return Math.max(clientWait, rows[0]?.seconds ?? 0);
  }

  async recordFailure(emailKey: string, client: string, now = Date.now()): Promise<void> {
    const { perEmail, perClient, windowMinutes, lockMinutes } = this.policy;
    const windowMs = windowMinutes * 60_000;
    const key = clientKey(client);
    const entry = this.clients.get(key);
    const current = entry && now - entry.windowStart < windowMs ? entry : { failures: 0, windowStart: now, lockedUntil: 0 };
    current.failures += 1;
    if (current.failures >= perClient) {
      current.lockedUntil = now + lockMinutes * 60_000;
      current.failures = 0;
      current.windowStart = now;
    }
    this.clients.set(key, current);
    this.forgetOld(now, windowMs + lockMinutes * 60_000);

    await this.db.query(
      `INSERT INTO staff_login_throttle AS t (key, failures, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN t.window_started_at < now() - make_interval(mins => $2) THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at < now() - make_interval(mins => $2) THEN now() ELSE t.window_started_at END`,
      [emailKey, windowMinutes],
    );
    await this.db.query(
      `UPDATE staff_login_throttle SET locked_until = now() + make_interval(mins => $3), failures = 0, window_started_at = now()
        WHERE key = $1 AND failures >= $2`,
      [emailKey, perEmail, lockMinutes],
    );
  }

  async reset(emailKey: string): Promise<void> {
    await this.db.query('DELETE FROM staff_login_throttle WHERE key = $1', [emailKey]);
  }

  private forgetOld(now: number, keepMs: number): void {
    if (this.clients.size < 10_000) return;
    for (const [key, entry] of this.clients) {
      if (now - entry.windowStart > keepMs && entry.lockedUntil < now) this.clients.delete(key);
    }
  }
}

const clientKey = (client: string) => createHash('sha256').update(client).digest('base64url');
