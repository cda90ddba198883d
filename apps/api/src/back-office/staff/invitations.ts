import { HEAD_OFFICE_ID, webPaths, webUrl } from '@canal/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/driver-errors';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { staffRepository as repo } from './repository';
import type { StaffRole } from './roles';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';
import { sessionStore } from '../../core/auth/session-store';
import { newOpaqueToken, tokenDigest } from '../../core/tokens/opaque-token';

export const INVITATION_HOURS = 72;

/** The back-office page that activates an account. The token travels in the fragment, never to a server log. */
export const activationUrl = (services: Services, token: string) =>
  webUrl(services.config.publicUrl, webPaths.staffActivate(token));

/** A single-use activation link for a user, valid 72 hours, with the TOTP secret it will enrol. */
export async function issueInvitation(services: Services, tx: Db, userId: number): Promise<string> {
  const { token, digest } = newOpaqueToken();
  await repo.insertInvitation(tx, {
    tokenHash: digest,
    userId,
    totpSecretEnc: services.keyring.sealWithMaster(newTotpSecret()),
    hours: INVITATION_HOURS,
  });
  return activationUrl(services, token);
}

export interface NewStaff {
  email: string;
  nombre: string;
  rol: StaffRole;
  organizaciones: string[];
}

/** Creates the account without credentials and its invitation, in one transaction. */
export async function createStaffUser(
  services: Services,
  actorId: number | null,
  input: NewStaff,
  deliver: (tx: Db, url: string, userId: number) => Promise<void>,
): Promise<number> {
  try {
    return await services.db.transaction(async (tx) => {
      const id = await repo.insert(tx, { email: input.email, name: input.nombre, role: input.rol });
      await repo.setOrganizations(tx, id, input.organizaciones);
      const url = await issueInvitation(services, tx, id);
      await deliver(tx, url, id);
      await appendAudit(services, tx, {
        actorId,
        action: 'usuario.invitado',
        detail: { usuario_id: id, rol: input.rol, organizaciones: input.organizaciones },
      });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/** The invitation mail, through the outbox in the same transaction. */
export const mailInvitation =
  (services: Services, name: string, email: string, organizationIds: string[]) =>
  async (tx: Db, url: string) => {
    await services.outbox.enqueue(tx, {
      to: email,
      organizationId: organizationIds[0] ?? HEAD_OFFICE_ID,
      complaintId: null,
      message: { kind: 'staff-invitation', name, inviteUrl: url, expiresHours: INVITATION_HOURS },
    });
  };

/** Administrators invite by e-mail. */
export async function inviteStaff(
  services: Services,
  actorId: number,
  input: NewStaff,
): Promise<number> {
  return createStaffUser(
    services,
    actorId,
    input,
    mailInvitation(services, input.nombre, input.email, input.organizaciones),
  );
}

/**
 * A new invitation for an existing user (never activated, or lost their phone): activating it
 * replaces the password and the second factor and ends their sessions.
 */
export async function reinviteStaff(
  services: Services,
  actorId: number,
  userId: number,
): Promise<void> {
  const user = await repo.findById(services.db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (!user.active)
    throw new AppError('VALIDATION', 'El usuario está desactivado; actívelo antes de invitarlo.');
  await services.db.transaction(async (tx) => {
    const url = await issueInvitation(services, tx, userId);
    await mailInvitation(services, user.name, user.email, user.organization_ids)(tx, url);
    await appendAudit(services, tx, {
      actorId,
      action: 'usuario.invitado',
      detail: { usuario_id: userId, reenvio: true },
    });
  });
}

/** What the activation page shows: who, and the secret to enrol (the page draws the QR code). */
export async function readInvitation(services: Services, token: string) {
  const invitation = await repo.openInvitation(services.db, tokenDigest(token));
  if (!invitation) throw new AppError('LINK_INVALID');
  const user = (await repo.findById(services.db, invitation.user_id))!;
  const secret = services.keyring.openWithMaster(invitation.totp_secret_enc);
  return {
    email: user.email,
    nombre: user.name,
    totp: { secreto: secret, uri: otpauthUri(secret, user.email) },
  };
}

/** Sets the password and the second factor (proved by a code from the app) and consumes the link. */
export async function activateAccount(
  services: Services,
  token: string,
  password: string,
  code: string,
): Promise<number> {
  const { db, keyring, hasher } = services;
  const invitation = await repo.openInvitation(db, tokenDigest(token));
  if (!invitation) throw new AppError('LINK_INVALID');
  const step = matchTotp(
    keyring.openWithMaster(invitation.totp_secret_enc),
    code,
    Date.now(),
    null,
  );
  if (step === null) {
    throw new AppError(
      'VALIDATION',
      'El código de verificación no es correcto. Revise que la hora de su teléfono esté al día.',
    );
  }
  const passwordHash = await hasher.hash(password);
  await db.transaction(async (tx) => {
    if (!(await repo.consumeInvitation(tx, tokenDigest(token)))) throw new AppError('LINK_INVALID');
    await repo.setCredentials(
      tx,
      invitation.user_id,
      passwordHash,
      invitation.totp_secret_enc,
      step,
    );
    await sessionStore.deleteStaffSessionsOf(tx, invitation.user_id);
    await appendAudit(services, tx, { actorId: invitation.user_id, action: 'cuenta.activada' });
  });
  return invitation.user_id;
}
