import type { Db } from '../../db/database';
import { clientKey } from '../../core/auth/client-limit-store';
import { FailureCounter } from '../../core/auth/throttle-store';

export interface StaffThrottlePolicy {
  /** Failed sign-ins allowed for one e-mail from one client address before that pair is locked. */
  perClientEmail: number;
  /**
   * Failed sign-ins allowed for one e-mail from every address together before the account is
   * locked everywhere (guesses spread over many addresses). Above `perClientEmail`, so that the
   * guesses of one address never lock the account's owner out from another.
   */
  perEmail: number;
  /**
   * Failed sign-ins allowed from one client address over all e-mails (one address trying one
   * password on many accounts): high enough that an office behind one NAT never meets it.
   */
  perClient: number;
  windowMinutes: number;
  lockMinutes: number;
}

export const DEFAULT_STAFF_THROTTLE: StaffThrottlePolicy = {
  perClientEmail: 5,
  perEmail: 10,
  perClient: 100,
  windowMinutes: 15,
  lockMinutes: 15,
};

/**
 * Failed staff sign-ins, counted in the database so every instance sees the same counts, by
 * account and address as OWASP advises rather than by address alone: 20 wrong guesses at one
 * account from an office's address once locked every person at that address, its real
 * administrator included. Now the guessed account is locked for that address (and for every
 * address once guesses come from several), and the address as a whole only past a count no office
 * reaches; attempts refused by a lock are not verified and do not count towards the address.
 * Every key is a keyed hash: an e-mail nobody has is not stored, and the client address is never
 * stored at all (`clientKey`, under a key that is not in the database).
 */
export class StaffThrottle {
  private readonly perClientEmail: FailureCounter;
  private readonly perEmail: FailureCounter;
  private readonly perClient: FailureCounter;

  /** `clientHmacKey`: the key client addresses are hashed with (`derive('client-limits')`). */
  constructor(
    db: Db,
    private readonly clientHmacKey: Buffer,
    policy: StaffThrottlePolicy = DEFAULT_STAFF_THROTTLE,
  ) {
    const { windowMinutes, lockMinutes } = policy;
    const counter = (kind: 'staff' | 'staffClient', maxFailures: number) =>
      new FailureCounter(db, kind, { maxFailures, windowMinutes, lockMinutes });
    this.perClientEmail = counter('staffClient', policy.perClientEmail);
    this.perEmail = counter('staff', policy.perEmail);
    this.perClient = counter('staffClient', policy.perClient);
  }

  /**
   * Counts one attempt before the password is verified (so a burst of concurrent guesses cannot
   * pass one check together): for this e-mail from this client, then this e-mail, then this
   * client; the first that refuses ends it. The seconds to wait, or 0 to go on.
   */
  async reserve(emailKey: string, client: string): Promise<number> {
    const pair = await this.perClientEmail.reserve(this.pairKey(emailKey, client));
    if (pair > 0) return pair;
    const account = await this.perEmail.reserve(emailKey);
    if (account > 0) return account;
    return this.perClient.reserve(this.clientKey(client));
  }

  /** A successful sign-in: the e-mail starts over and the client's attempt does not count. */
  async reset(emailKey: string, client: string): Promise<void> {
    await this.perClient.release(this.clientKey(client));
    await this.perClientEmail.reset(this.pairKey(emailKey, client));
    await this.perEmail.reset(emailKey);
  }

  private clientKey(client: string): string {
    return clientKey(this.clientHmacKey, 'staff-sign-in', client);
  }

  private pairKey(emailKey: string, client: string): string {
    return clientKey(this.clientHmacKey, `staff-sign-in:${emailKey}`, client);
  }
}
