import { STATUS_CLOSED, STATUS_MISSING_DOCUMENTS } from '@canal/shared';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import type { IncomingFile } from '../../core/files/receive';
import { assertQuota, commitFiles, insertFiles } from '../../core/complaints/attachments';
import type { ComplaintRow } from '../../core/complaints/repository';
import { complaintStore } from '../../core/complaints/complaint-store';
import { complainantEntry, LOG_EVENTS } from '../../core/complaints/complaint-log';
import { notifyAssignee, notifyTeamOfCommentAfterClosing } from '../../core/notifications/notify';

/**
 * A comment from the complainant, visible in their log. A closed case takes it too (decision
 * 0034): a complainant who disagrees with the resolution is heard, the case stays closed and the
 * team is told.
 */
export async function addComplainantComment(
  services: Services,
  row: ComplaintRow,
  comment: string,
): Promise<void> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    await complaintStore.appendLog(
      tx,
      complainantEntry(row.id, LOG_EVENTS.complainantComment, { key, text: comment.trim() }),
    );
    if (row.status === STATUS_CLOSED) await notifyTeamOfCommentAfterClosing(services, tx, row);
    else await notifyAssignee(services, tx, row.id, 'comentario');
  });
}

/** Uploads are open only while investigators asked for documents (SPEC §4). */
export function assertUploadAllowed(row: ComplaintRow): void {
  if (row.status !== STATUS_MISSING_DOCUMENTS) throw new AppError('UPLOAD_NOT_ALLOWED');
}

/** Files (and an optional comment) sent by the complainant, as one log entry, all or nothing. */
export async function addComplainantFiles(
  services: Services,
  row: ComplaintRow,
  comment: string,
  files: IncomingFile[],
): Promise<void> {
  const { db, files: store } = services;
  const key = services.keyring.unwrapDataKey(row.data_key);
  try {
    assertUploadAllowed(row);
    if (files.length === 0 && comment.trim() === '') throw new AppError('NOTHING_TO_SAVE');
    await db.transaction(async (tx) => {
      await assertQuota(tx, row.id, files);
      const text = comment.trim();
      const logId = await complaintStore.appendLog(
        tx,
        complainantEntry(row.id, LOG_EVENTS.complainantUpload, text ? { key, text } : null),
      );
      await insertFiles(tx, row.id, logId, key, files);
      await notifyAssignee(services, tx, row.id, files.length > 0 ? 'archivos' : 'comentario');
      await commitFiles(tx, store, files);
    });
  } catch (error) {
    await store.discard(files);
    throw error;
  }
}

export function statusOf(row: ComplaintRow): { codigo: number; estado: string } {
  return { codigo: row.ticket, estado: row.status };
}
