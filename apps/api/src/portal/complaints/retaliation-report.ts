import { STATUS_CLOSED } from '@canal/shared';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { complainantEntry, LOG_EVENTS } from '../../core/complaints/complaint-log';
import { complaintStore } from '../../core/complaints/complaint-store';
import type { ComplaintRow } from '../../core/complaints/repository';
import { civilDateInZone } from '../../core/deadlines';
import { notifyTeamOfCommentAfterClosing } from '../../core/notifications/notify';
import { retaliationDueDate } from '../../core/retaliation/checkins';
import { retaliationStore } from '../../core/retaliation/retaliation-store';

/**
 * "Sufrí represalias" on a closed complaint (issue 22, decision 0060): in one transaction, a
 * report due in RETALIATION_DUE_WORKING_DAYS working days, the complainant's account in their log
 * (sealed like a comment), the alert to whoever handled the case and the administrators who work
 * on its organisation, and an audit row. Every report counts (a second one is a new fact). While
 * the complaint is open a comment reaches the team, so this answers 409.
 */
export async function reportRetaliation(
  services: Services,
  row: ComplaintRow,
  account: string,
  now = new Date(),
): Promise<void> {
  if (row.status !== STATUS_CLOSED) throw new AppError('COMPLAINT_OPEN');
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    const id = await retaliationStore.insertReport(
      tx,
      row.id,
      retaliationDueDate(civilDateInZone(now)),
    );
    await complaintStore.appendLog(
      tx,
      complainantEntry(row.id, LOG_EVENTS.retaliationReported, { key, text: account.trim() }),
    );
    await notifyTeamOfCommentAfterClosing(services, tx, row, 'represalias');
    await appendAudit(services, tx, {
      actorId: null,
      action: 'caso.represalias',
      complaintId: row.id,
      detail: { aviso_id: id },
    });
  });
}
