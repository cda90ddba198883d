import type { Db } from '../../db/database';
import { clientKey } from './client-limit-store';
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
 * Failed staff sign-ins, counted per e-mail and per client in the database, so every instance sees
 * the same counts. Both keys are keyed hashes: addresses nobody has are not stored, and the client
 * address is never stored at all (`clientKey`, under a key that is not in the database).
 */
export class StaffThrottle {
  private readonly perEmail: FailureCounter;
  private readonly perClient: FailureCounter;

  /** `clientHmacKey`: the key client addresses are hashed with (`derive('client-limits')`). */
  constructor(
    db: Db,
    private readonly clientHmacKey: Buffer,
    policy: StaffThrottlePolicy = DEFAULT_STAFF_THROTTLE,
  ) {
    const { windowMinutes, lockMinutes } = policy;
    this.perEmail = new FailureCounter(db, 'staff', {
      maxFailures: policy.perEmail,
      windowMinutes,
      lockMinutes,
    });
    this.perClient = new FailureCounter(db, 'staffClient', {
      maxFailures: policy.perClient,
      windowMinutes,
      lockMinutes,
    });
  }

  /**
   * Counts one attempt for this client and this e-mail before the password is verified (so a burst
   * of concurrent guesses cannot pass one check together); the seconds to wait, or 0 to go on.
   */
  async reserve(emailKey: string, client: string): Promise<number> {
    const wait = await this.perClient.reserve(this.keyOf(client));
    if (wait > 0) return wait;
    return this.perEmail.reserve(emailKey);
  }

  /** A successful sign-in: the e-mail starts over and the client's attempt does not count. */
  async reset(emailKey: string, client: string): Promise<void> {
    await this.perClient.release(this.keyOf(client));
    await this.perEmail.reset(emailKey);
  }

  private keyOf(client: string): string {
    return clientKey(this.clientHmacKey, 'staff-sign-in', client);
  }
}
