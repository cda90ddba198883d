import { organizationById, THEMES } from '@canal/shared';
import type { Db } from '../../db/database';
import type { Keyring } from '../../crypto/keys';
import { renderMail, type MailBrand, type MailMessage } from './templates';
import type { MailTransport } from './transport';
import { outboxStore as store } from './outbox-store';

export interface OutgoingMail {
  to: string;
  organizationId: string;
  message: MailMessage;
}

export const MAX_ATTEMPTS = 12;

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

/**
 * Transactional outbox. `enqueue` runs inside the transaction that causes the mail, so a mail exists
 * if and only if its cause was committed; `drain` sends what is due and retries failures later.
 * The recipient and data are sealed with the master key and erased once sent.
 */
export class Outbox {
  /** Set by the composition root; a failing hook never stops the drain. */
  onGiveUp: GiveUpHook | null = null;

  constructor(
    private readonly keyring: Keyring,
    private readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  async enqueue(tx: Db, mail: OutgoingMail): Promise<void> {
    await store.insert(
      tx,
      mail.message.kind,
      mail.organizationId,
      this.keyring.sealWithMaster(JSON.stringify({ to: mail.to, message: mail.message })),
    );
  }

  /** Sends every due message once; returns how many were sent. Safe to run from several processes. */
  async drain(
    db: Db,
    batch = 20,
    stop?: AbortSignal,
  ): Promise<{ sent: number; failed: number; released: number }> {
    if (stop?.aborted) return { sent: 0, failed: 0, released: 0 };
    const claimed = await store.claimDue(db, batch);
    let sent = 0;
    let failed = 0;
    for (const [index, row] of claimed.entries()) {
      if (stop?.aborted) {
        // Shutting down: what was claimed but not sent goes back, due now, for another instance.
        const rest = claimed.slice(index).map((r) => r.id);
        await store.release(db, rest);
        return { sent, failed, released: rest.length };
      }
      try {
        const { to, message } = JSON.parse(
          this.keyring.openWithMaster(row.payload_enc),
          reviveDates,
        ) as {
          to: string;
          message: MailMessage;
        };
        const rendered = renderMail(message, brandFor(row.organization_id));
        await this.transport.send({ from: this.from, to, ...rendered });
        await store.markSent(db, row.id);
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        await store.markFailed(
          db,
          row.id,
          attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          retryDelaySeconds(attempts),
          // The error text of an SMTP failure may echo the address; keep only its first line, cut short.
          String((error as Error).message ?? error)
            .split('\n')[0]!
            .slice(0, 200),
        );
        failed += 1;
        if (attempts >= MAX_ATTEMPTS && this.onGiveUp)
          await this.onGiveUp(db, { id: row.id, attempts }).catch(() => undefined);
      }
    }
    return { sent, failed, released: 0 };
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
