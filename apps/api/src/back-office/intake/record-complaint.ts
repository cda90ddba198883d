import { randomBytes } from 'node:crypto';
import {
  STAFF_MESSAGES,
  organizationById,
  portalUrlOf,
  webPaths,
  type StaffIntakePayload,
} from '@canal/shared';
import type { IntakeReceiptWire } from '@canal/shared/contract';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { resetRepository as passwordLinks } from '../../core/auth/password-reset-store';
import { checkComplaintFields, createComplaint } from '../../core/complaints/create';
import { newOpaqueToken } from '../../core/tokens/opaque-token';
import { canChangeCases, worksOn, type StaffUser } from '../staff/roles';
import { complaintStore } from '../../core/complaints/complaint-store';
import { LOG_EVENTS, staffEntry } from '../../core/complaints/complaint-log';

/**
 * How long the activation link on the receipt works: the person takes the paper home, so longer
 * than the portal's 30-minute reset link; the same 72 hours as a staff invitation (decision 0015).
 */
export const ACTIVATION_LINK_HOURS = 72;

/**
 * Records a complaint staff received verbally, in writing or in person (Law 21.643), through the
 * portal's own creation path: same checks, case number, ticket, encryption, deadlines and mail.
 * Staff never choose the person's password: the case gets a password nobody knows and a single-use
 * activation link (a password-reset link, digest stored) that the receipt carries; the person sets
 * their own password there. Who recorded it goes to the internal log and the audit log.
 */
export async function recordComplaint(
  services: Services,
  user: StaffUser,
  payload: StaffIntakePayload,
): Promise<IntakeReceiptWire> {
  if (!canChangeCases(user)) throw new AppError('FORBIDDEN');
  const org = organizationById(payload.filial.toLowerCase());
  if (!worksOn(user, org.id)) {
    throw new AppError('FORBIDDEN', STAFF_MESSAGES.intakeOrganization);
  }
  const { canal, email_contacto, ...fields } = payload;
  checkComplaintFields(services, org, fields);
  // A secret nobody ever sees: until the person activates, no password opens the case.
  const passwordHash = await services.hasher.hash(randomBytes(32).toString('base64url'));
  const link = newOpaqueToken();
  let expiresAt = new Date(0);
  const created = await createComplaint(services, org, services.keyring.newDataKey(), {
    fields,
    contactEmail: email_contacto ?? null,
    passwordHash,
    channel: canal,
    files: [],
    inTransaction: async (tx, complaint) => {
      expiresAt = await passwordLinks.insert(
        tx,
        link.digest,
        complaint.id,
        ACTIVATION_LINK_HOURS * 60,
      );
      await complaintStore.appendLog(
        tx,
        staffEntry(complaint.id, user, LOG_EVENTS.recordedByStaff(canal), { visible: false }),
      );
      await appendAudit(services, tx, {
        actorId: user.id,
        action: 'caso.registrado',
        complaintId: complaint.id,
        detail: { canal, organizacion: org.id, correo: email_contacto !== undefined },
      });
    },
  });
  return {
    id: created.id,
    numero: created.caseNumber,
    ticket: created.ticket,
    organizacion: { id: org.id, nombre: org.shortName },
    canal,
    fecha: created.createdAt.toISOString(),
    activacion: {
      url: portalUrlOf(
        org,
        services.config.publicUrl,
        services.config.PORTAL_HOST_PREFIX,
        webPaths.resetPassword(link.token),
      ),
      vence: expiresAt.toISOString(),
    },
    correo_enviado: email_contacto !== undefined,
  };
}
