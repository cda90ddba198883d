import { organizationById, portalUrlOf, webPaths, webUrl } from '@canal/shared';
import { openField } from '../../crypto/sealed-field';
import type { Db } from '../../db/database';
import type { Services } from '../services';
import { complaintsRepository, type ComplaintRow } from '../complaints/repository';
import { complaintStore } from '../complaints/complaint-store';
import { LOG_EVENTS, systemEntry } from '../complaints/complaint-log';
import { appendAudit } from '../audit/audit-log';
import { civilDateInZone, computeMilestones, regimeForType } from '../deadlines';
import { nextDueDate } from '../deadlines/next-due';
import { caseMilestonesStore } from '../deadlines/case-milestones-store';
import { alertsRepository } from './repository';

/**
 * How long a complainant's "your complaint has news" mail waits before it goes, so that the mails
 * of one staff sitting (a milestone, a status, a reply) leave as one (decision 0012).
 */
export const COMPLAINANT_UPDATE_WAIT_SECONDS = 30;

/**
 * When a new complaint's alert may leave: the end of the slot of `slotMinutes` (on the clock: with
 * 15, at :00, :15, :30 or :45) it was received in, with every other alert of that slot. Its time
 * then says which quarter hour, not which minute, an anonymous complaint was filed in — nor,
 * through the sequential case numbers, do its identified neighbours' alerts (issue 25, decision
 * 0031). A slot of 0 (end-to-end runs only) sends at once.
 */
export function newComplaintAlertTime(receivedAt: Date, slotMinutes: number): Date {
  if (slotMinutes === 0) return receivedAt;
  const slot = slotMinutes * 60_000;
  return new Date((Math.floor(receivedAt.getTime() / slot) + 1) * slot);
}

/** The back-office page of a case, for links in staff mails. */
export const caseUrl = (services: Services, complaintId: number) =>
  webUrl(services.config.publicUrl, webPaths.staffCase(complaintId));

/**
 * A neutral "your complaint has news" mail to the complainant's contact address, in the caller's
 * transaction. A complaint recorded by staff without an address gets none (the portal shows it).
 */
export async function notifyComplainant(
  services: Services,
  tx: Db,
  row: ComplaintRow,
  status: string,
): Promise<void> {
  if (row.contact_email_enc === null) return;
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.outbox.enqueue(tx, {
    to: openField(key, row.contact_email_enc, {
      complaintId: row.id,
      field: 'complaints.contact_email',
    }),
    organizationId: row.organization_id,
    complaintId: row.id,
    // One mail per complaint while it waits: a later update replaces it, newest status kept.
    coalesce: {
      key: `complainant-update:${row.id}`,
      waitSeconds: COMPLAINANT_UPDATE_WAIT_SECONDS,
    },
    message: {
      kind: 'complainant-update',
      ticket: row.ticket,
      status,
      portalUrl: portalUrlOf(
        organizationById(row.organization_id),
        services.config.publicUrl,
        services.config.PORTAL_HOST_PREFIX,
      ),
    },
  });
}

/**
 * Tells the person handling the case that the complainant wrote or uploaded (by case number
 * only), in the transaction that records it. Nobody assigned, or the assignee is inactive or
 * excluded: no mail; the case shows the activity in the inbox anyway.
 */
export async function notifyAssignee(
  services: Services,
  tx: Db,
  complaintId: number,
  activity: 'comentario' | 'archivos' | 'transcripcion',
): Promise<void> {
  const target = await complaintsRepository.assigneeToNotify(tx, complaintId);
  if (!target) return;
  await services.outbox.enqueue(tx, {
    to: target.email,
    organizationId: target.organization_id,
    complaintId,
    message: {
      kind: 'staff-new-activity',
      caseNumber: target.case_number,
      activity,
      backOfficeUrl: caseUrl(services, complaintId),
    },
  });
}

/**
 * The complainant wrote on a closed case (decision 0034), or reported retaliation after closing
 * (`represalias`, decision 0060): whoever handled it and the administrators who work on its
 * organisation are told, by case number only, in the transaction that records it; someone
 * excluded from the case never is. It is read even when the case's investigator has moved on.
 */
export async function notifyTeamOfCommentAfterClosing(
  services: Services,
  tx: Db,
  row: Pick<ComplaintRow, 'id' | 'organization_id' | 'case_number'>,
  activity: 'comentario_cierre' | 'represalias' = 'comentario_cierre',
): Promise<void> {
  const assignee = await complaintsRepository.assigneeToNotify(tx, row.id);
  const administrators = await alertsRepository.administrators(tx, row, null);
  const emails = new Set([
    ...(assignee ? [assignee.email] : []),
    ...administrators.map((a) => a.email),
  ]);
  for (const to of emails) {
    await services.outbox.enqueue(tx, {
      to,
      organizationId: row.organization_id,
      complaintId: row.id,
      message: {
        kind: 'staff-new-activity',
        caseNumber: row.case_number,
        activity,
        backOfficeUrl: caseUrl(services, row.id),
      },
    });
  }
}

/**
 * Tells the case's administrators that the complainant asked for the investigator to be replaced
 * (by case number only: not the reason, not who), in the transaction that records it; never the
 * person the request is about.
 */
export async function alertAdministratorsOfRequest(
  services: Services,
  tx: Db,
  row: Pick<ComplaintRow, 'id' | 'organization_id' | 'case_number'>,
  investigatorId: number | null,
): Promise<void> {
  for (const admin of await alertsRepository.administrators(tx, row, investigatorId)) {
    await services.outbox.enqueue(tx, {
      to: admin.email,
      organizationId: row.organization_id,
      complaintId: row.id,
      message: {
        kind: 'staff-new-activity',
        caseNumber: row.case_number,
        activity: 'solicitud_reemplazo',
        backOfficeUrl: caseUrl(services, row.id),
      },
    });
  }
}

/** A complaint just saved, as the alerts of its creation need it. */
export interface NewComplaint {
  id: number;
  ticket: number;
  caseNumber: string;
  organizationId: string;
  categoryId: number;
  typeId: number;
  receivedAt: Date;
}

/**
 * Everything a new complaint sets off, inside the transaction that saves it; every creation path
 * (the portal, a staff intake) calls this. The complainant's confirmation (with no address, none:
 * staff then record the acknowledgement themselves), then the receivers' alert and a rule's
 * assignment.
 */
export async function announceNewComplaint(
  services: Services,
  tx: Db,
  complaint: NewComplaint,
  contactEmail: string | null,
): Promise<void> {
  if (contactEmail) await confirmReceipt(services, tx, complaint, contactEmail);
  await alertReceivers(services, tx, complaint);
}

/**
 * Queues the confirmation mail and, since that mail acknowledges receipt, records the
 * 'acuse_recibo' milestone on the day of receipt, by the system (a visible log entry, author
 * "Sistema"), where the case's regime has that milestone; the next due date follows (for a
 * complaint just saved: nothing else is recorded yet).
 */
export async function confirmReceipt(
  services: Services,
  tx: Db,
  complaint: NewComplaint,
  contactEmail: string,
): Promise<void> {
  const org = organizationById(complaint.organizationId);
  await services.outbox.enqueue(tx, {
    to: contactEmail,
    organizationId: org.id,
    complaintId: complaint.id,
    message: {
      kind: 'confirmation',
      ticket: complaint.ticket,
      createdAt: complaint.receivedAt,
      portalUrl: portalUrlOf(org, services.config.publicUrl, services.config.PORTAL_HOST_PREFIX),
    },
  });
  const acknowledgement = regimeForType(complaint.typeId).rules.find(
    (r) => r.key === 'acuse_recibo',
  );
  if (!acknowledgement) return;
  await caseMilestonesStore.recordBySystem(
    tx,
    complaint.id,
    'acuse_recibo',
    civilDateInZone(complaint.receivedAt),
  );
  await complaintStore.appendLog(tx, systemEntry(complaint.id, LOG_EVENTS.acknowledged, true));
  await complaintStore.setNextDueDate(
    tx,
    complaint.id,
    nextDueDate({
      typeId: complaint.typeId,
      receivedAt: complaint.receivedAt,
      completed: { acuse_recibo: complaint.receivedAt },
      closed: false,
      now: complaint.receivedAt,
    }),
  );
}

/**
 * Tells every receiver of the organisation (and of a routing rule of its category) at the end of
 * the slot of receipt (`newComplaintAlertTime`), with a neutral mail: the case number and
 * a link, never the content nor a time; under Law 21.643 it says that protective measures are due
 * today. A rule that assigns gives the case to its person at once, logged and audited like a
 * manual assignment (the actor is the system).
 */
export async function alertReceivers(
  services: Services,
  tx: Db,
  complaint: NewComplaint,
): Promise<void> {
  const scope = {
    id: complaint.id,
    organization_id: complaint.organizationId,
    category_id: complaint.categoryId,
  };
  const assignee = await alertsRepository.ruleAssignee(tx, scope);
  // A creation path that already gave the case to someone keeps its choice.
  if (assignee && (await complaintStore.assignIfUnassigned(tx, complaint.id, assignee.user_id))) {
    await complaintStore.appendLog(
      tx,
      systemEntry(complaint.id, LOG_EVENTS.assignedByRule(assignee.name), false),
    );
    await appendAudit(services, tx, {
      actorId: null,
      action: 'caso.asignado',
      complaintId: complaint.id,
      detail: { usuario_id: assignee.user_id, regla_id: assignee.rule_id },
    });
  }
  const protective = computeMilestones({
    typeId: complaint.typeId,
    receivedAt: complaint.receivedAt,
    now: complaint.receivedAt,
  }).find((m) => m.key === 'medidas_resguardo');
  const notBefore = newComplaintAlertTime(
    complaint.receivedAt,
    services.config.NEW_COMPLAINT_ALERT_SLOT_MINUTES,
  );
  for (const receiver of await alertsRepository.receivers(tx, scope)) {
    await services.outbox.enqueue(tx, {
      to: receiver.email,
      organizationId: complaint.organizationId,
      complaintId: complaint.id,
      notBefore,
      message: {
        kind: 'staff-new-complaint',
        caseNumber: complaint.caseNumber,
        protectiveMeasuresDue: protective?.dueDate ?? null,
        backOfficeUrl: caseUrl(services, complaint.id),
      },
    });
  }
}
