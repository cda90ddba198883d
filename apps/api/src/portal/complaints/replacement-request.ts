import { STATUS_CLOSED } from '@canal/shared';
import { sealField } from '../../crypto/sealed-field';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { complainantEntry, LOG_EVENTS } from '../../core/complaints/complaint-log';
import { complaintStore } from '../../core/complaints/complaint-store';
import type { ComplaintRow } from '../../core/complaints/repository';
import { replacementStore } from '../../core/complaints/replacement-store';
import { alertAdministratorsOfRequest } from '../../core/notifications/notify';

/**
 * The complainant asks for the investigator to be replaced (Law 21.643: either party may), with a
 * reason sealed under the complaint's key that only administrators and auditors read (never the
 * investigator it is about; decision 0022). One open request per case. In one transaction: the
 * request, a visible log entry without the reason, a neutral mail to the administrators and an
 * audit row.
 */
export async function requestReplacement(
  services: Services,
  row: ComplaintRow,
  reason: string,
): Promise<void> {
  if (row.status === STATUS_CLOSED)
    throw new AppError('COMPLAINT_CLOSED', 'La denuncia está cerrada y no admite solicitudes.');
  if (await replacementStore.open(services.db, row.id)) throw new AppError('REPLACEMENT_PENDING');
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    const id = await replacementStore.insert(tx, {
      complaintId: row.id,
      reasonEnc: sealField(key, reason.trim(), {
        complaintId: row.id,
        field: 'replacement_requests.reason',
      }),
      investigatorId: row.assignee_id,
    });
    if (id === null) throw new AppError('REPLACEMENT_PENDING');
    await complaintStore.appendLog(tx, complainantEntry(row.id, LOG_EVENTS.replacementRequested));
    await alertAdministratorsOfRequest(services, tx, row, row.assignee_id);
    await appendAudit(services, tx, {
      actorId: null,
      action: 'caso.solicitud_reemplazo',
      complaintId: row.id,
      detail: { solicitud_id: id },
    });
  });
}
