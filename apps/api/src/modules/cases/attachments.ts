import type { Readable } from 'node:stream';
import { open } from '../../crypto/keys';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { appendAudit } from '../audit/audit-log';
import { complaintsRepository } from '../complaints/repository';
import { isStrippableImage, stripImageMetadata } from '../attachments/strip-metadata';
import type { StaffUser } from '../staff/roles';
import { caseForStaff } from './access';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A file of a case for a staff member who may see the case: images with their metadata stripped
 * (the safe copy), everything else as stored, decrypted. The download is audited.
 */
export async function downloadCaseFile(services: Services, user: StaffUser, caseId: number, fileId: string) {
  await caseForStaff(services, user, caseId);
  const file = await complaintsRepository.fileById(services.db, fileId);
  if (!file || file.complaint_id !== caseId) throw new AppError('NOT_FOUND', 'El archivo solicitado no existe.');
  const key = services.keyring.unwrapDataKey(file.data_key);
  const name = open(key, file.name_enc);
  const stream = await services.files.read(file.storage_key, key);
  await appendAudit(services.db, { actorId: user.id, action: 'archivo.descargado', complaintId: caseId, detail: { archivo_id: fileId } });
  if (!isStrippableImage(file.extension)) return { name, mimetype: file.mimetype, size: file.size_bytes, body: stream as Readable | Buffer };
  // Images are read whole to be rewritten without their metadata (they are photos, not videos).
  const stripped = stripImageMetadata(file.extension, await collect(stream));
  return { name, mimetype: file.mimetype, size: stripped.length, body: stripped as Readable | Buffer };
}
