import { organizationById, THEMES } from '@canal/shared';
import type { Db } from '../../db/database';
import type { Keyring } from '../../crypto/keys';
import { renderMail, type MailBrand, type MailMessage } from './templates';
import type { MailTransport } from './transport';

export interface OutgoingMail {
  to: string;
  organizationId: string;
  message: MailMessage;
}

const MAX_ATTEMPTS = 12;
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
  constructor(
    private readonly keyring: Keyring,
    private readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  async enqueue(tx: Db, mail: OutgoingMail): Promise<void> {
    await tx.query('INSERT INTO outbox (kind, organization_id, payload_enc) VALUES ($1, $2, $3)', [
      mail.message.kind,
      mail.organizationId,
      this.keyring.sealWithMaster(JSON.stringify({ to: mail.to, message: mail.message })),
    ]);
  }

  /** Sends every due message once; returns how many were sent. Safe to run from several processes. */
  async drain(db: Db, batch = 20): Promise<{ sent: number; failed: number }> {
    const claimed = await db.query<{ id: number; organization_id: string; payload_enc: string; attempts: number }>(
      `UPDATE outbox SET status = 'sending', locked_until = now() + interval '5 minutes'
        WHERE id IN (
          SELECT id FROM outbox
           WHERE (status = 'pending' AND next_attempt_at <= now())
              OR (status = 'sending' AND locked_until < now())
           ORDER BY id LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, organization_id, payload_enc, attempts`,
      [batch],
    );
    let sent = 0;
    let failed = 0;
    for (const row of claimed) {
      try {
        const { to, message } = JSON.parse(this.keyring.openWithMaster(row.payload_enc), reviveDates) as {
          to: string;
          message: MailMessage;
        };
        const rendered = renderMail(message, brandFor(row.organization_id));
        await this.transport.send({ from: this.from, to, ...rendered });
        await db.query(
          `UPDATE outbox SET status = 'sent', sent_at = now(), payload_enc = NULL, locked_until = NULL,
                  attempts = attempts + 1, last_error = NULL WHERE id = $1`,
          [row.id],
        );
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        await db.query(
          `UPDATE outbox SET status = $2, attempts = $3, locked_until = NULL,
                  next_attempt_at = now() + make_interval(secs => $4), last_error = $5 WHERE id = $1`,
          [
            row.id,
            attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            retryDelaySeconds(attempts),
            // The error text of an SMTP failure may echo the address; keep only its first line, cut short.
            String((error as Error).message ?? error).split('\n')[0]!.slice(0, 200),
          ],
        );
        failed += 1;
      }
    }
    return { sent, failed };
  }

  /** Makes every pending message due now (used when an operator knows SMTP is back). */
  async retryNow(db: Db): Promise<void> {
    await db.query(`UPDATE outbox SET next_attempt_at = now() WHERE status = 'pending'`);
  }
}
