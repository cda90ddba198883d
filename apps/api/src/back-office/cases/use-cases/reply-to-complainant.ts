import type { Services } from '../../../core/services';
import { assertQuota, commitFiles, insertFiles } from '../../../core/complaints/attachments';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { IncomingFile } from '../../../core/files/receive';
import { notifyComplainant } from '../../../core/notifications/notify';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { assertOpen, logChange, today } from './change';

/**
 * A reply the complainant reads in their log, with a neutral mail; with files, they are the
 * team's, received by the complainants' own pipeline (`receiveMultipart`: allow-list, magic
 * bytes, size limits, encrypted staging), counted in the case's quota and tied to the reply's
 * log entry, all or nothing. The complainant downloads their sanitised copy (decision 0019).
 */
export async function replyToComplainant(
  services: Services,
  user: StaffUser,
  id: number,
  comment: string,
  files: IncomingFile[] = [],
): Promise<void> {
  try {
    const row = await caseToChange(services, user, id);
    assertOpen(row);
    const key = services.keyring.unwrapDataKey(row.data_key);
    await services.db.transaction(async (tx) => {
      await assertQuota(tx, id, files);
      await complaintStore.markAnswered(tx, id, today());
      await notifyComplainant(services, tx, row, row.status);
      const logId = await logChange(
        { services, tx, user, id },
        { event: LOG_EVENTS.reply, comment: { key, text: comment.trim() }, visible: true },
        {
          action: 'caso.respuesta',
          ...(files.length > 0 ? { detail: { archivos: files.length } } : {}),
        },
      );
      if (files.length > 0) {
        await insertFiles(tx, id, logId, key, files);
        await commitFiles(tx, services.files, files);
      }
    });
  } catch (error) {
    await services.files.discard(files);
    throw error;
  }
}
