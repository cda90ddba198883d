import type { Services } from '../../core/services';
import type { OpenReplacementRow, ReplacementRow } from '../../core/complaints/replacement-store';
import { openForDisplay, openForDisplayNullable } from '../../core/complaints/sealed';
import type { SealedFieldName, SealedPlace } from '../../crypto/sealed-field';
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

/**
 * Every request of the case, answered or not, as `user` may read them (the dossier, decision
 * 0018): the complainant's reason by the rule above, or null. The administrator's reason to
 * reject is the answer the complainant reads in the case's visible log, so whoever sees the case
 * reads it; a reason given on accepting is not in that log and follows the request's own rule.
 */
export function replacementRecords(
  services: Services,
  user: StaffUser,
  rows: ReplacementRow[],
  key: Buffer,
) {
  return rows.map(({ reason_enc, answer_enc, ...r }) => {
    const reads = readsReplacementReason(user, r);
    const place = (field: SealedFieldName): SealedPlace => ({ complaintId: r.complaint_id, field });
    return {
      ...r,
      reason: reads
        ? openForDisplay(services, key, reason_enc, place('replacement_requests.reason'))
        : null,
      answer:
        r.status === 'rechazada' || reads
          ? openForDisplayNullable(services, key, answer_enc, place('replacement_requests.answer'))
          : null,
    };
  });
}
