import { createHmac, randomUUID } from 'node:crypto';
import { organizationById, THEMES } from '@canal/shared';
import type { Db } from '../../db/database';
import type { Keyring } from '../../crypto/keys';
import { renderMail, type MailBrand, type MailKind, type MailMessage } from './templates';
import type { MailTransport } from './transport';
import { outboxStore as store, type ClaimedMail } from './outbox-store';

export interface OutgoingMail {
  to: string;
  organizationId: string;
  /**
   * The case the mail is about, whoever receives it (Law 21.719): the case's erasure deletes the
   * mail in any state, so a payload given up never outlives it. Null: about no case, or several.
   */
  complaintId: number | null;
  message: MailMessage;
  /**
   * Merge with a mail of the same key still waiting (decision 0012): this one waits
   * `waitSeconds`, and a later one with the key replaces its content instead of adding a mail.
   */
  coalesce?: { key: string; waitSeconds: number };
  /** Not sent before this instant (a new complaint's alert waits for its slot: decision 0031). */
  notBefore?: Date;
}

export const MAX_ATTEMPTS = 12;

/**
 * The order a drain claims due mail in (higher first, then the oldest): a backlog of complainants'
 * confirmations must not hold back what staff have to act on today. Law 21.643 requires protective
 * measures on the day a complaint is received, so that alert goes before everything; then the
 * other staff alerts; then mail a person is waiting for at a screen (a code, a link); then the rest.
 */
export const MAIL_PRIORITY = { routine: 0, awaited: 1, staffAlert: 2, measuresDueToday: 3 };

const PRIORITY_OF_KIND: Record<MailKind, number> = {
  'staff-new-complaint': MAIL_PRIORITY.staffAlert,
  'staff-new-activity': MAIL_PRIORITY.staffAlert,
  'staff-deadlines': MAIL_PRIORITY.staffAlert,
  'staff-mail-failed': MAIL_PRIORITY.staffAlert,
  'code-recovery': MAIL_PRIORITY.awaited,
  'password-reset': MAIL_PRIORITY.awaited,
  'email-change': MAIL_PRIORITY.awaited,
  'staff-invitation': MAIL_PRIORITY.awaited,
  'staff-new-device': MAIL_PRIORITY.awaited,
  'staff-passkeys-reset': MAIL_PRIORITY.awaited,
  confirmation: MAIL_PRIORITY.routine,
  'complainant-update': MAIL_PRIORITY.routine,
  'breach-notice': MAIL_PRIORITY.routine,
  'staff-admin-digest': MAIL_PRIORITY.routine,
  'staff-audit-checkpoint': MAIL_PRIORITY.routine,
};

export function priorityOf(message: MailMessage): number {
  if (message.kind === 'staff-new-complaint' && message.protectiveMeasuresDue !== null)
    return MAIL_PRIORITY.measuresDueToday;
  return PRIORITY_OF_KIND[message.kind];
}

/** Told when a message is given up after its last attempt (issue 9: administrators are alerted). */
export type GiveUpHook = (db: Db, given: { id: number; attempts: number }) => Promise<void>;
/** Retry after 30 s, 1, 2, 4 … minutes, at most 2 hours apart. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 7200);

// Dates travel through JSON as strings; the templates want Date objects back.
const reviveDates = (key: string, value: unknown) =>
  key === 'createdAt' && typeof value === 'string' ? new Date(value) : value;

export function brandFor(organizationId: string): MailBrand {
  const org = organizationById(organizationId);
  const theme = THEMES[org.theme];
  return {
    name: org.shortName,
    nameWithArticle: org.nameWithArticle,
    primaryColor: theme.primary,
    textColor: theme.text,
    backgroundColor: theme.background,
  };
}

/** How long a claimed message is held by its drain; renewed every third of it while sending. */
export const OUTBOX_LEASE_MS = 60_000;

export interface DrainResult {
  sent: number;
  failed: number;
  /** Claimed but given back unsent because the process is stopping. */
  released: number;
}

/**
 * Transactional outbox. `enqueue` runs inside the transaction that causes the mail, so a mail exists
 * if and only if its cause was committed; `drain` sends what is due and retries failures later.
 * The recipient and data are sealed with the master key and erased once sent.
 *
 * Several processes drain the same table: each message is claimed on its own, under a lease that
 * is renewed while it is being sent (the SMTP timeouts are shorter than the lease), so a slow
 * server never lets another drain send it again, and a drain that dies holds one message for one
 * lease at most. Every attempt at a message carries the same `Message-ID`, so a copy sent twice
 * (a drain that died after the server accepted it) is recognisable as one message.
 */
export class Outbox {
  /** Set by the composition root; a failing hook never stops the drain. */
  onGiveUp: GiveUpHook | null = null;
  private readonly leaseMs: number;
  private readonly messageIdKey: Buffer;
  private readonly messageIdDomain: string;
  private running: Promise<DrainResult> | null = null;

  constructor(
    private readonly keyring: Keyring,
    private readonly transport: MailTransport,
    private readonly from: string,
    options: { leaseMs?: number } = {},
  ) {
    this.leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
    this.messageIdKey = keyring.derive('mail-message-id');
    this.messageIdDomain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'canal.invalid';
  }

  async enqueue(tx: Db, mail: OutgoingMail): Promise<void> {
    const payload = this.keyring.sealWithMaster(
      JSON.stringify({ to: mail.to, message: mail.message }),
    );
    const { kind } = mail.message;
    const priority = priorityOf(mail.message);
    if (mail.coalesce)
      await store.insertCoalesced(
        tx,
        kind,
        mail.organizationId,
        mail.complaintId,
        payload,
        priority,
        mail.coalesce.key,
        mail.coalesce.waitSeconds,
      );
    else
      await store.insert(
        tx,
        kind,
        mail.organizationId,
        mail.complaintId,
        payload,
        priority,
        mail.notBefore,
      );
  }

  /**
   * Sends up to `batch` due messages, one claimed at a time. One drain at a time per process: a
   * call while one runs joins it. Once `stop` aborts, nothing more is claimed and a message
   * claimed but not yet sent is given back, due at once, for another instance.
   */
  drain(db: Db, batch = 20, stop?: AbortSignal): Promise<DrainResult> {
    this.running ??= this.drainBatch(db, batch, stop).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drainBatch(db: Db, batch: number, stop?: AbortSignal): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, released: 0 };
    for (let i = 0; i < batch && !stop?.aborted; i++) {
      const leaseId = randomUUID();
      const row = await store.claimNext(db, leaseId, this.leaseMs);
      if (!row) break;
      if (stop?.aborted) {
        await store.release(db, row.id, leaseId);
        result.released += 1;
        break;
      }
      if (await this.sendOne(db, row, leaseId)) result.sent += 1;
      else result.failed += 1;
    }
    return result;
  }

  /** One attempt at one claimed message, its lease renewed meanwhile; whether it was sent. */
  private async sendOne(db: Db, row: ClaimedMail, leaseId: string): Promise<boolean> {
    const renewal = setInterval(() => {
      store.renewLease(db, row.id, leaseId, this.leaseMs).catch(() => undefined);
    }, this.leaseMs / 3);
    try {
      const { to, message } = JSON.parse(
        this.keyring.openWithMaster(row.payload_enc),
        reviveDates,
      ) as {
        to: string;
        message: MailMessage;
      };
      const rendered = renderMail(message, brandFor(row.organization_id));
      await this.transport.send({
        from: this.from,
        to,
        messageId: this.messageIdOf(row),
        ...rendered,
      });
      clearInterval(renewal);
      await store.markSent(db, row.id, leaseId);
      return true;
    } catch (error) {
      clearInterval(renewal);
      const attempts = row.attempts + 1;
      await store.markFailed(db, row.id, leaseId, {
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        attempts,
        retryInSeconds: retryDelaySeconds(attempts),
        // The error text of an SMTP failure may echo the address; keep only its first line, cut short.
        error: String((error as Error).message ?? error)
          .split('\n')[0]!
          .slice(0, 200),
      });
      if (attempts >= MAX_ATTEMPTS && this.onGiveUp)
        await this.onGiveUp(db, { id: row.id, attempts }).catch(() => undefined);
      return false;
    }
  }

  /**
   * The message's `Message-ID`: the same on every attempt at one outbox row, different for every
   * row (an HMAC of its id and creation instant: it tells a recipient nothing about the queue).
   */
  messageIdOf(row: { id: number; created_at: Date | string }): string {
    const created = new Date(row.created_at).toISOString();
    const local = createHmac('sha256', this.messageIdKey)
      .update(`${row.id}:${created}`)
      .digest('hex')
      .slice(0, 32);
    return `<${local}@${this.messageIdDomain}>`;
  }

  /** Queue depth, oldest unsent age and failed count, for the metrics. */
  stats(db: Db) {
    return store.stats(db);
  }

  /** Makes every pending message due now (used when an operator knows SMTP is back). */
  async retryNow(db: Db): Promise<void> {
    await store.makePendingDue(db);
  }
}
