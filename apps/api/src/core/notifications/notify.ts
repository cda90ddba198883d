import { organizationById, portalUrlOf, webPaths, webUrl } from '@canal/shared';
import { openField } from '../../crypto/sealed-field';
import type { Db } from '../../db/database';
import type { Services } from '../services';
import { complaintsRepository, type ComplaintRow } from '../complaints/repository';

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
  activity: 'comentario' | 'archivos',
): Promise<void> {
  const target = await complaintsRepository.assigneeToNotify(tx, complaintId);
  if (!target) return;
  await services.outbox.enqueue(tx, {
    to: target.email,
    organizationId: target.organization_id,
    message: {
      kind: 'staff-new-activity',
      caseNumber: target.case_number,
      activity,
      backOfficeUrl: caseUrl(services, complaintId),
    },
  });
}
