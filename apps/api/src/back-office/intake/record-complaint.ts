import { randomBytes } from 'node:crypto';
import { STAFF_MESSAGES, organizationById, type StaffIntakePayload } from '@canal/shared';
import type { IntakeReceiptWire } from '@canal/shared/contract';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { checkComplaintFields, createComplaint } from '../../core/complaints/create';
import { canChangeCases, worksOn, type StaffUser } from '../staff/roles';
import { complaintStore } from '../../core/complaints/complaint-store';
import { LOG_EVENTS, staffEntry } from '../../core/complaints/complaint-log';
import { issueActivation } from './activation';

/**
 * Records a complaint staff received verbally, in writing or in person (Law 21.643), through the
 * portal's own creation path: same checks, case number, ticket, encryption, deadlines and mail.
 * Staff never choose the person's password: the case gets a password nobody knows and a single-use
 * activation link (a password-reset link, digest stored) and its short code (decision 0075) that the
 * receipt carries; the person sets their own password with either. Who recorded it goes to the internal log and the audit log.
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
  let activation: IntakeReceiptWire['activacion'] | undefined;
  const created = await createComplaint(services, org, services.keyring.newDataKey(), {
    fields,
    contactEmail: email_contacto ?? null,
    passwordHash,
    channel: canal,
    files: [],
    inTransaction: async (tx, complaint) => {
      activation = await issueActivation(services, tx, complaint.id, org);
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
    activacion: activation!,
    correo_enviado: email_contacto !== undefined,
  };
}
