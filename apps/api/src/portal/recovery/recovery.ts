import { portalUrlOf, webPaths, type Organization } from '@canal/shared';
import { AppError } from '../../errors';
import { openField } from '../../crypto/sealed-field';
import type { Services } from '../../core/services';
import type { PortalServices } from '../services';
import { complaintsRepository as repo } from '../../core/complaints/repository';
import { complaintStore } from '../../core/complaints/complaint-store';
import { LOG_EVENTS, systemEntry } from '../../core/complaints/complaint-log';
import { newOpaqueToken, tokenDigest } from '../../core/tokens/opaque-token';
import { resetRepository as resets } from '../../core/auth/password-reset-store';
import { withinLimit } from '../../core/auth/client-limit-store';

export const RESET_LINK_MINUTES = 30;

/** What became of a recovery request: a mail queued, nothing to send, or the address's cap reached. */
export type RecoveryOutcome = 'mailed' | 'nothing' | 'capped';

/**
 * One more recovery mail (codes or a password link) to this address this hour, if its cap
 * (RECOVERY_MAILS_PER_HOUR) allows; counted only when a mail would go, under a keyed hash of the
 * address (the limits' own key), across instances and organisations: a mailbox is one mailbox,
 * perhaps one the employer reads, and fifty mails naming the channel would tell them enough.
 */
async function mayMail(services: Services, email: string): Promise<boolean> {
  return withinLimit(
    services.db,
    services.keyring.derive('client-limits'),
    'recovery-mail',
    email.trim().toLowerCase(),
    60 * 60 * 1000,
    services.config.RECOVERY_MAILS_PER_HOUR,
  );
}

/**
 * "Olvidé el código": mails every code filed with that address in this organisation, within the
 * address's hourly cap. The answer is the same whether or not the address filed anything, or its
 * cap was reached (DESIGN §5): it is given before this runs, so it reveals nothing.
 */
export async function recoverCodes(
  services: Services,
  org: Organization,
  email: string,
): Promise<RecoveryOutcome> {
  const { db, keyring, outbox } = services;
  const normalized = email.trim().toLowerCase();
  const complaints = await repo.findByEmailIndex(db, org.id, keyring.blindIndex(normalized));
  if (complaints.length === 0) return 'nothing';
  if (!(await mayMail(services, normalized))) return 'capped';
  await db.transaction((tx) =>
    outbox.enqueue(tx, {
      to: email.trim(),
      organizationId: org.id,
      // Every complaint of the address: about no one case (its lifetime is the outbox's).
      complaintId: null,
      message: {
        kind: 'code-recovery',
        complaints: complaints.map((c) => ({ ticket: c.ticket, createdAt: c.created_at })),
        portalUrl: portalUrlOf(org, services.config.publicUrl, services.config.PORTAL_HOST_PREFIX),
      },
    }),
  );
  return 'mailed';
}

/**
 * "Olvidé la contraseña": passwords are never stored or sent (DESIGN §5). A matching code and e-mail
 * get a single-use link valid 30 minutes; a non-matching pair answers the spec's message. Past the
 * address's hourly cap a matching pair gets the same answer and no mail (nor link).
 */
export async function requestPasswordReset(
  services: Services,
  org: Organization,
  ticket: number,
  email: string,
): Promise<RecoveryOutcome> {
  const { db, keyring, outbox } = services;
  const row = await repo.findByTicket(db, ticket);
  // A complaint recorded by staff without an e-mail has no index and never matches.
  const matches =
    row !== null &&
    row.organization_id === org.id &&
    row.contact_email_enc !== null &&
    row.email_index === keyring.blindIndex(email.trim().toLowerCase());
  if (!matches) throw new AppError('RESET_PAIR_MISMATCH');
  if (!(await mayMail(services, email))) return 'capped';
  const { token, digest } = newOpaqueToken();
  const contact = openField(keyring.unwrapDataKey(row.data_key), row.contact_email_enc!, {
    complaintId: row.id,
    field: 'complaints.contact_email',
  });
  await db.transaction(async (tx) => {
    await resets.insert(tx, digest, row.id, RESET_LINK_MINUTES);
    await outbox.enqueue(tx, {
      to: contact,
      organizationId: org.id,
      complaintId: row.id,
      message: {
        kind: 'password-reset',
        ticket: row.ticket,
        resetUrl: portalUrlOf(
          org,
          services.config.publicUrl,
          services.config.PORTAL_HOST_PREFIX,
          webPaths.resetPassword(token),
        ),
        expiresMinutes: RESET_LINK_MINUTES,
      },
    });
  });
  return 'mailed';
}

/** Sets the new password from a mailed link: once, within 30 minutes; every open session ends. */
export async function resetPassword(
  services: Services,
  portal: PortalServices,
  token: string,
  password: string,
): Promise<{ ticket: number }> {
  const { db, hasher } = services;
  const { sessions } = portal;
  const passwordHash = await hasher.hash(password);
  return db.transaction(async (tx) => {
    const complaintId = await resets.use(tx, tokenDigest(token));
    if (complaintId === null) throw new AppError('LINK_INVALID');
    await complaintStore.setPassword(tx, complaintId, passwordHash);
    // Any other link still out there stops working too.
    await resets.useAllOf(tx, complaintId);
    await sessions.closeAll(tx, complaintId);
    await complaintStore.appendLog(tx, systemEntry(complaintId, LOG_EVENTS.passwordReset, true));
    const complaint = await repo.findById(tx, complaintId);
    return { ticket: complaint!.ticket };
  });
}
