import type { CasePriority } from '@canal/shared';
import type { Services } from '../../../core/services';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { logChange } from './change';

/**
 * Risk/priority of a case (or none): an internal log entry and an audit row. Setting the value the
 * case already has changes nothing and records nothing (a PUT may be repeated).
 */
export async function setCasePriority(
  services: Services,
  user: StaffUser,
  id: number,
  priority: CasePriority | null,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  if (row.priority === priority) return;
  await services.db.transaction(async (tx) => {
    await complaintStore.setPriority(tx, id, priority);
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.priority(priority), visible: false },
      { action: 'caso.prioridad', detail: { anterior: row.priority, prioridad: priority } },
    );
  });
}
