import { createHash, randomBytes } from 'node:crypto';
import type { Organization } from '@canal/shared';
import { AppError } from '../../errors';
import { open } from '../../crypto/keys';
import type { Services } from '../../services';
import { portalUrlFor } from '../complaints/create-complaint';
import { complaintsRepository as repo } from '../complaints/repository';

export const RESET_LINK_MINUTES = 30;
export const EVENT_PASSWORD_RESET = 'Contraseña de seguimiento restablecida';

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * "Olvidé el código": mails every code filed with that address in this organisation. The answer is
 * the same whether or not the address filed anything (DESIGN §5), so it reveals nothing.
 */
export async function recoverCodes(services: Services, org: Organization, email: string): Promise<void> {
  const { db, keyring, outbox } = services;
  const normalized = email.trim().toLowerCase();
  const complaints = await repo.findByEmailIndex(db, org.id, keyring.blindIndex(normalized));
  if (complaints.length === 0) return;
  await db.transaction((tx) =>
    outbox.enqueue(tx, {
      to: email.trim(),
      organizationId: org.id,
      message: {
        kind: 'code-recovery',
        complaints: complaints.map((c) => ({ ticket: c.ticket, createdAt: c.created_at })),
        portalUrl: portalUrlFor(services, org),
      },
    }),
  );
}

/**
 * "Olvidé la contraseña": passwords are never stored or sent (DESIGN §5). A matching code and e-mail
 * get a single-use link valid 30 minutes; a non-matching pair answers the spec's message.
 */
export async function requestPasswordReset(
  services: Services,
  org: Organization,
  ticket: number,
  email: string,
): Promise<void> {
  const { db, keyring, outbox } = services;
  const row = await repo.findByTicket(db, ticket);
  const matches =
    row !== null &&
    row.organization_id === org.id &&
    row.email_index === keyring.blindIndex(email.trim().toLowerCase());
  if (!matches) throw new AppError('RESET_PAIR_MISMATCH');
  const token = randomBytes(32).toString('base64url');
  const contact = open(keyring.unwrapDataKey(row.data_key), row.contact_email_enc);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO password_resets (token_hash, complaint_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [digest(token), row.id, RESET_LINK_MINUTES],
    );
    await outbox.enqueue(tx, {
      to: contact,
      organizationId: org.id,
      message: {
        kind: 'password-reset',
        ticket: row.ticket,
        resetUrl: `${portalUrlFor(services, org)}/restablecer-contrasena/${token}`,
        expiresMinutes: RESET_LINK_MINUTES,
      },
    });
  });
}

/** Sets the new password from a mailed link: once, within 30 minutes; every open session ends. */
export async function resetPassword(services: Services, token: string, password: string): Promise<{ ticket: number }> {
  const { db, hasher, sessions } = services;
  const passwordHash = await hasher.hash(password);
  return db.transaction(async (tx) => {
    const [reset] = await tx.query<{ complaint_id: number }>(
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING complaint_id`,
      [digest(token)],
    );
    if (!reset) throw new AppError('LINK_INVALID');
    await repo.setPassword(tx, reset.complaint_id, passwordHash);
    // Any other link still out there stops working too.
    await tx.query('UPDATE password_resets SET used_at = now() WHERE complaint_id = $1 AND used_at IS NULL', [
      reset.complaint_id,
    ]);
    await sessions.closeAll(tx, reset.complaint_id);
    await repo.addLog(tx, {
      complaintId: reset.complaint_id,
      event: EVENT_PASSWORD_RESET,
      commentEnc: null,
      author: 'Sistema',
      visible: true,
    });
    const complaint = await repo.findById(tx, reset.complaint_id);
    return { ticket: complaint!.ticket };
  });
}
