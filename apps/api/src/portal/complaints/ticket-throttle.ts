import { createHmac } from 'node:crypto';
import type { Db } from '../../db/database';
import { FailureCounter, type ThrottlePolicy } from '../../core/auth/throttle-store';

// The portal retries a refused call once with a fresh bot token (SPEC §7), so one wrong password
// typed by a person counts twice: 10 failures are 5 tries.
export const DEFAULT_TICKET_THROTTLE: ThrottlePolicy = {
  maxFailures: 10,
  windowMinutes: 15,
  lockMinutes: 15,
};

/** Complainant sign-ins per ticket code, and activation codes per case, stored as HMACs. */
export class TicketThrottle {
  private readonly counter: FailureCounter;

  constructor(
    db: Db,
    private readonly hmacKey: Buffer,
    policy: ThrottlePolicy = DEFAULT_TICKET_THROTTLE,
  ) {
    this.counter = new FailureCounter(db, 'complainant', policy);
  }

  /** The keyed hash a ticket is counted (and logged) under. */
  keyOf(ticket: number): string {
    return createHmac('sha256', this.hmacKey).update(String(ticket)).digest('base64url');
  }

  reserve(ticket: number): Promise<number> {
    return this.counter.reserve(this.keyOf(ticket));
  }

  /**
   * The activation codes typed for one case number of one organisation (decision 0075): counted
   * apart from the ticket's sign-ins (under another keyed hash in the same table, with the same
   * policy), so guessing codes never locks the person's sign-in nor the other way round.
   */
  reserveActivation(organizationId: string, caseNumber: string): Promise<number> {
    return this.counter.reserve(this.activationKey(organizationId, caseNumber));
  }

  resetActivation(organizationId: string, caseNumber: string): Promise<void> {
    return this.counter.reset(this.activationKey(organizationId, caseNumber));
  }

  private activationKey(organizationId: string, caseNumber: string): string {
    return createHmac('sha256', this.hmacKey)
      .update(`activacion\n${organizationId}\n${caseNumber}`)
      .digest('base64url');
  }

  reset(ticket: number): Promise<void> {
    return this.counter.reset(this.keyOf(ticket));
  }
}
