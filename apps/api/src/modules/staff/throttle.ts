import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { FailureCounter } from '../auth/throttle';

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
  private readonly perEmail: FailureCounter<string>;

  constructor(
    db: Db,
    private readonly policy: StaffThrottlePolicy = DEFAULT_STAFF_THROTTLE,
  ) {
    this.perEmail = new FailureCounter(db, 'staff', {
      maxFailures: policy.perEmail,
      windowMinutes: policy.windowMinutes,
      lockMinutes: policy.lockMinutes,
    });
  }

  /** Seconds until this e-mail or this client may try again, or 0. */
  async lockedFor(emailKey: string, client: string, now = Date.now()): Promise<number> {
    const entry = this.clients.get(clientKey(client));
    const clientWait = entry && entry.lockedUntil > now ? Math.ceil((entry.lockedUntil - now) / 1000) : 0;
    return Math.max(clientWait, await this.perEmail.lockedFor(emailKey));
  }

  async recordFailure(emailKey: string, client: string, now = Date.now()): Promise<void> {
    const { perClient, windowMinutes, lockMinutes } = this.policy;
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

    await this.perEmail.recordFailure(emailKey);
  }

  async reset(emailKey: string): Promise<void> {
    await this.perEmail.reset(emailKey);
  }

  private forgetOld(now: number, keepMs: number): void {
    if (this.clients.size < 10_000) return;
    for (const [key, entry] of this.clients) {
      if (now - entry.windowStart > keepMs && entry.lockedUntil < now) this.clients.delete(key);
    }
  }
}

const clientKey = (client: string) => createHash('sha256').update(client).digest('base64url');
