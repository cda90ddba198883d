import { AppError } from '../../../errors';
import type { Services } from '../../../core/services';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import { staffRepository } from '../../staff/repository';
import { isAdministrator, type StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { caseExclusionsStore } from '../case-exclusions-store';
import { logChange } from './change';

/**
 * Conflicts of interest (administrators only): an excluded person stops seeing the case at once,
 * and stops handling it if it was theirs.
 */
export async function setExclusion(
  services: Services,
  user: StaffUser,
  id: number,
  userId: number,
  excluded: boolean,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  if (!isAdministrator(user)) throw new AppError('FORBIDDEN');
  const person = await staffRepository.findById(services.db, userId);
  if (!person) throw new AppError('USER_NOT_FOUND');
  await services.db.transaction(async (tx) => {
    if (excluded) {
      await caseExclusionsStore.add(tx, id, userId);
      if (row.assignee_id === userId) await complaintStore.setAssignee(tx, id, null);
    } else {
      await caseExclusionsStore.remove(tx, id, userId);
    }
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.exclusion(person.name, excluded), visible: false },
      { action: 'caso.exclusion', detail: { usuario_id: userId, excluido: excluded } },
    );
  });
}
