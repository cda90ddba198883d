import nodemailer from 'nodemailer';
import type { Db } from '../../db/database';
import type { Keyring } from '../../crypto/keys';
import { mailboxStore } from './mailbox-store';

export interface MailEnvelope {
  from: string;
  to: string;
  /** `<…@…>`, the same on every attempt at one outbox message. */
  messageId?: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: MailEnvelope): Promise<void>;
}

/**
 * How long an SMTP conversation may stall, in milliseconds: reaching the server, its greeting, and
 * any silence on the socket after that. All are well below the outbox lease (`OUTBOX_LEASE_MS`,
 * renewed while sending), so a hung server fails the attempt instead of holding the message.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

export function smtpTransport(url: string, timeouts = SMTP_TIMEOUTS): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...timeouts });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
  };
}

export interface MailboxMessage extends MailEnvelope {
  id: number;
  createdAt: Date;
}

/**
 * Without SMTP_URL, mail is kept in a local mailbox (sealed like everything else) and shown at
 * /dev/correo outside production, so the whole product runs on one machine with nothing else.
 */
export function mailboxTransport(
  db: Db,
  keyring: Keyring,
): MailTransport & { list(limit?: number): Promise<MailboxMessage[]> } {
  return {
    kind: 'mailbox',
    async send(mail) {
      await mailboxStore.insert(db, keyring.sealWithMaster(JSON.stringify(mail)));
    },
    async list(limit = 100) {
      const rows = await mailboxStore.list(db, limit);
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        ...(JSON.parse(keyring.openWithMaster(r.message_enc)) as MailEnvelope),
      }));
    },
  };
}
