import { randomUUID } from 'node:crypto';
import { MAX_BYTES_PER_COMPLAINT, MAX_FILES_PER_COMPLAINT, MIME_BY_EXTENSION } from '@canal/shared';
import { AppError } from '../../errors';
import type { Db } from '../../db/database';
import { sealField } from '../../crypto/sealed-field';
import type { SealingKey } from '../../crypto/keys';
import type { Services } from '../services';
import type { IncomingFile } from '../files/receive';
import { complaintsRepository as repo } from './repository';
import { complaintStore } from './complaint-store';

/** Records received files of a complaint (names sealed with its data key), in the caller's transaction. */
export async function insertFiles(
  tx: Db,
  complaintId: number,
  logId: number | null,
  key: SealingKey,
  files: IncomingFile[],
): Promise<void> {
  for (const f of files) {
    await complaintStore.addFile(tx, {
      id: randomUUID(),
      complaint_id: complaintId,
      log_id: logId,
      storage_key: f.storageKey,
      name_enc: sealField(key, f.name, { complaintId, field: 'complaint_files.name' }),
      extension: f.extension,
      mimetype:
        MIME_BY_EXTENSION[f.extension as keyof typeof MIME_BY_EXTENSION] ??
        'application/octet-stream',
      size_bytes: f.size,
    });
  }
}

/** Marks the received files committed, in the transaction that records them. */
export async function commitFiles(
  tx: Db,
  store: Services['files'],
  files: IncomingFile[],
): Promise<void> {
  await store.commitStaged(tx, files);
}

/**
 * The case's file quota (files and bytes), the complainant's and the team's files together. Run
 * inside the transaction that records `incoming`, before it does: the complaint's row is locked
 * first, so concurrent uploads to one case count one after the other and none passes a count
 * another has not committed yet (six uploads at 43 of 50 files once ended at 67).
 */
export async function assertQuota(
  tx: Db,
  complaintId: number,
  incoming: IncomingFile[],
): Promise<void> {
  await repo.lockForFiles(tx, complaintId);
  const { count, bytes } = await repo.fileQuota(tx, complaintId);
  const addedBytes = incoming.reduce((sum, f) => sum + f.size, 0);
  if (
    count + incoming.length > MAX_FILES_PER_COMPLAINT ||
    bytes + addedBytes > MAX_BYTES_PER_COMPLAINT
  ) {
    throw new AppError('COMPLAINT_FILE_QUOTA');
  }
}
