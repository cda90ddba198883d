import nodemailer from 'nodemailer';
import type { Db } from '../../db/database';
import type { Keyring } from '../../crypto/keys';
import { mailboxStore } from './mailbox-store';

export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: MailEnvelope): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url, {});
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
