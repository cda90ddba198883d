import type { Services } from '../../../core/services';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { caseTagsStore } from '../case-tags-store';
import { logChange } from './change';

/**
 * Replaces a case's tags with `tags` (already normalised, unique, sorted by the schema): what was
 * added and what was removed go to an internal log entry and an audit row; no change, no record.
 */
export async function setCaseTags(
  services: Services,
  user: StaffUser,
  id: number,
  tags: string[],
): Promise<void> {
  await caseToChange(services, user, id);
  await services.db.transaction(async (tx) => {
    const current = await caseTagsStore.tags(tx, id);
    const added = tags.filter((t) => !current.includes(t));
    const removed = current.filter((t) => !tags.includes(t));
    if (added.length === 0 && removed.length === 0) return;
    await caseTagsStore.add(tx, id, added, user.id);
    await caseTagsStore.remove(tx, id, removed);
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.tags(added, removed), visible: false },
      { action: 'caso.etiquetas', detail: { agregadas: added, quitadas: removed } },
    );
  });
}
