import { AppError } from '../../../errors';
import type { Services } from '../../../core/services';
import { LOG_EVENTS, staffEntry } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { caseLinksStore } from '../case-links-store';
import { casesRepository } from '../repository';
import { logChange } from './change';

/**
 * Removes the link between case `id` and case `linkedId` (which must be in scope too). Each case
 * gets an internal log entry; one audit row records the pair.
 */
export async function unlinkCase(
  services: Services,
  user: StaffUser,
  id: number,
  linkedId: number,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  if (!(await casesRepository.idInScope(services.db, user, linkedId)))
    throw new AppError('LINKED_CASE_NOT_FOUND');
  const other = await casesRepository.caseNumber(services.db, linkedId);
  await services.db.transaction(async (tx) => {
    if (!(await caseLinksStore.unlink(tx, id, linkedId)))
      throw new AppError('LINKED_CASE_NOT_FOUND');
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.unlinked(other), visible: false },
      { action: 'caso.vinculo', detail: { vinculado: other, tipo: null } },
    );
    await complaintStore.appendLog(
      tx,
      staffEntry(linkedId, user, LOG_EVENTS.unlinked(row.case_number), { visible: false }),
    );
  });
}
