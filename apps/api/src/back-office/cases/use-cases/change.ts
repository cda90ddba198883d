import { STATUS_CLOSED } from '@canal/shared';
import type { Db } from '../../../db/database';
import { AppError } from '../../../errors';
import type { Services } from '../../../core/services';
import { appendAudit, type AuditEntryInput } from '../../../core/audit/audit-log';
import { staffEntry, type LogComment } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { ComplaintRow } from '../../../core/complaints/repository';
import { civilDateInZone } from '../../../core/deadlines';
import { caseMilestonesStore } from '../../../core/deadlines/case-milestones-store';
import { nextDueDate } from '../../../core/deadlines/next-due';
import type { StaffUser } from '../../staff/roles';

/**
 * What the use cases of this folder share: one staff member's change to one case, inside its
 * transaction, and the steps every change may take (refuse a closed case, log and audit the
 * change, recompute the next due date). Each use case is a file of its own that reads top to
 * bottom; the words of its log entry are `LOG_EVENTS`' (core/complaints/complaint-log.ts).
 */
export interface CaseChange {
  services: Services;
  tx: Db;
  user: StaffUser;
  id: number;
}

/** Today's civil date in Santiago. */
export const today = (now = new Date()) => civilDateInZone(now);

export function assertOpen(row: ComplaintRow): void {
  if (row.status === STATUS_CLOSED) throw new AppError('CASE_CLOSED');
}

/** Recomputes the case's next legal due date inside the transaction of the change. */
export async function refreshNextDue(tx: Db, row: ComplaintRow, closed: boolean): Promise<void> {
  const completed = await caseMilestonesStore.completed(tx, row.id);
  await complaintStore.setNextDueDate(
    tx,
    row.id,
    nextDueDate({
      typeId: row.type_id,
      receivedAt: row.created_at,
      completed,
      closed,
      now: new Date(),
    }),
  );
}

/**
 * One entry of the case's log and its audit row, inside the change's transaction. A visible entry
 * (the complainant reads it) is signed by the team; a staff-only one by the person
 * (`staffEntry`). Answers the entry's id.
 */
export async function logChange(
  { services, tx, user, id }: CaseChange,
  entry: {
    event: string;
    /** The comment and the case's data key: sealed for the log when the entry is built. */
    comment?: LogComment;
    visible: boolean;
  },
  audit: Omit<AuditEntryInput, 'actorId' | 'complaintId'>,
): Promise<number> {
  const logId = await complaintStore.appendLog(tx, staffEntry(id, user, entry.event, entry));
  await appendAudit(services, tx, { ...audit, actorId: user.id, complaintId: id });
  return logId;
}
