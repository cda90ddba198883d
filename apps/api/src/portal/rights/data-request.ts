import type { DataRight } from '@canal/shared';
import type { Services } from '../../core/services';
import { complainantEntry, LOG_EVENTS } from '../../core/complaints/complaint-log';
import { complaintStore } from '../../core/complaints/complaint-store';
import type { ComplaintRow } from '../../core/complaints/repository';
import { todayInChile } from '../../core/data-requests/clock';
import { recordDataRequest } from '../../core/data-requests/record';

/**
 * The complainant asks for erasure, blocking or correction of something they cannot correct
 * themselves, or objects (Law 21.719): a request in the register with its legal period, and a
 * visible log entry. The person is named by their role only, so the register copies no identity.
 */
export async function requestDataRight(
  services: Services,
  row: ComplaintRow,
  right: DataRight,
  detail: string,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    await recordDataRequest(services, tx, {
      organizationId: row.organization_id,
      requester: 'denunciante',
      right,
      channel: 'portal',
      person: { nombre: `Persona denunciante del caso ${row.case_number}`, contacto: null },
      detail: detail.trim(),
      receivedOn: todayInChile(),
      complaintIds: [row.id],
      staffId: null,
    });
    await complaintStore.appendLog(tx, complainantEntry(row.id, LOG_EVENTS.dataRequested(right)));
  });
}
