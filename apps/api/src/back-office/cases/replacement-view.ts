import type { Services } from '../../core/services';
import type { OpenReplacementRow } from '../../core/complaints/replacement-store';
import { openForDisplay } from '../../core/complaints/sealed';
import type { StaffUser } from '../staff/roles';

/**
 * Who reads the complainant's reason (decision 0022): administrators and auditors, never the
 * person the request is about, even one who is an administrator; investigators never.
 */
export const readsReplacementReason = (
  user: StaffUser,
  request: Pick<OpenReplacementRow, 'investigator_id'>,
) => user.role !== 'investigador' && request.investigator_id !== user.id;

/** The open request as the case page and the task list show it to `user`. */
export function replacementView(
  services: Services,
  user: StaffUser,
  request: OpenReplacementRow,
  complaint: { data_key: string },
  /** When it was sent, as staff may know it (`staffInstant`). */
  sentAt: string,
) {
  const reason = readsReplacementReason(user, request)
    ? openForDisplay(
        services,
        services.keyring.unwrapDataKey(complaint.data_key),
        request.reason_enc,
        { complaintId: request.complaint_id, field: 'replacement_requests.reason' },
      )
    : null;
  return {
    id: request.id,
    fecha: sentAt,
    motivo: reason,
    investigador:
      request.investigator_id === null
        ? null
        : { id: request.investigator_id, nombre: request.investigator_name ?? '' },
  };
}
