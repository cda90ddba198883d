import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { FailureCounter } from './throttle-store';

export interface StaffThrottlePolicy {
  /** Failed sign-ins allowed per e-mail inside the window before it is locked. */
  perEmail: number;
  /** Failed sign-ins allowed per client (network address) inside the window. */
  perClient: number;
  windowMinutes: number;
  lockMinutes: number;
}

export const DEFAULT_STAFF_THROTTLE: StaffThrottlePolicy = {
  perEmail: 5,
  perClient: 20,
  windowMinutes: 15,
  lockMinutes: 15,
};

/**
 * Failed staff sign-ins, counted per e-mail in the database (every process sees the same count; the
 * key is a keyed hash, so addresses nobody has are not stored) and per client in memory (the
 * address itself is never stored anywhere: only a hash of it, for the window, in this process).
 */
export class StaffThrottle {
  private readonly clients = new Map<
    string,
    { failures: number; windowStart: number; lockedUntil: number }
  >();
  private readonly perEmail: FailureCounter;

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

  /**
   * Counts one attempt for this e-mail and this client before the password is verified (so a burst
   * of concurrent guesses cannot pass one check together); the seconds to wait, or 0 to go on.
   */
  async reserve(emailKey: string, client: string, now = Date.now()): Promise<number> {
    const { perClient, windowMinutes, lockMinutes } = this.policy;
    const windowMs = windowMinutes * 60_000;
    const key = clientKey(client);
    const entry = this.clients.get(key);
    if (entry && entry.lockedUntil > now) return Math.ceil((entry.lockedUntil - now) / 1000);
    // Synchronous up to here: no other request of this process runs between the check and the count.
    const current =
      entry && now - entry.windowStart < windowMs && entry.lockedUntil === 0
        ? entry
        : { failures: 0, windowStart: now, lockedUntil: 0 };
    current.failures += 1;
    if (current.failures >= perClient) current.lockedUntil = now + lockMinutes * 60_000;
    this.clients.set(key, current);
    this.forgetOld(now, windowMs + lockMinutes * 60_000);
    return this.perEmail.reserve(emailKey);
  }

  /** A successful sign-in: the e-mail starts over and the client's attempt does not count. */
  async reset(emailKey: string, client: string): Promise<void> {
    const entry = this.clients.get(clientKey(client));
    if (entry && entry.lockedUntil === 0 && entry.failures > 0) entry.failures -= 1;
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
