import { organizationById } from '@canal/shared';
import { open } from '../../crypto/keys';
import type { Db } from '../../db/database';
import type { Services } from '../../services';
import { portalUrlFor } from '../complaints/create-complaint';
import type { ComplaintRow } from '../complaints/repository';

/** The back-office page of a case, for links in staff mails. */
export const caseUrl = (services: Services, complaintId: number) => `${services.config.publicUrl}/gestion/casos/${complaintId}`;

/** A neutral "your complaint has news" mail to the complainant's contact address, in the caller's transaction. */
export async function notifyComplainant(services: Services, tx: Db, row: ComplaintRow, status: string): Promise<void> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.outbox.enqueue(tx, {
    to: open(key, row.contact_email_enc),
    organizationId: row.organization_id,
    message: {
      kind: 'complainant-update',
      ticket: row.ticket,
      status,
      portalUrl: portalUrlFor(services, organizationById(row.organization_id)),
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
  const [target] = await tx.query<{ email: string; case_number: string; organization_id: string }>(
    `SELECT u.email, c.case_number, c.organization_id
       FROM complaints c JOIN staff_users u ON u.id = c.assignee_id AND u.active
      WHERE c.id = $1
        AND NOT EXISTS (SELECT 1 FROM case_exclusions e WHERE e.complaint_id = c.id AND e.user_id = u.id)`,
    [complaintId],
  );
  if (!target) return;
  await services.outbox.enqueue(tx, {
    to: target.email,
    organizationId: target.organization_id,
    message: { kind: 'staff-new-activity', caseNumber: target.case_number, activity, backOfficeUrl: caseUrl(services, complaintId) },
  });
}
