import type { Services } from '../../../core/services';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { logChange } from './change';

/** An internal note: staff only, never shown to the complainant. */
export async function addInternalNote(
  services: Services,
  user: StaffUser,
  id: number,
  comment: string,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.note, comment: { key, text: comment.trim() }, visible: false },
      { action: 'caso.nota' },
    );
  });
}
