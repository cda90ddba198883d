import { MIME_BY_EXTENSION, isViewableContentType, type AllowedExtension } from '@canal/shared';
import { fileName } from '../../crypto/sealed-field';
import { openForDisplay } from '../../core/complaints/sealed';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { complaintsRepository, type FileRow } from '../../core/complaints/repository';
import { sanitizedCopy } from '../../sanitize';
import type { StaffUser } from '../staff/roles';
import { caseForStaff } from './access';
import { staffFileName } from './case-view';

/**
 * A file of a case for a staff member who may see the case: the investigator's copy, streamed
 * with its identifying metadata stripped (`sanitize/`; the stored original is kept as evidence).
 * `size` is known only when the copy keeps the original's length (else: send it chunked). The
 * download is audited. `view`: the same copy for the browser's viewer, images and PDFs only,
 * audited apart.
 */
export async function downloadCaseFile(
  services: Services,
  user: StaffUser,
  caseId: number,
  fileId: string,
  purpose: 'download' | 'view' = 'download',
) {
  const row = await caseForStaff(services, user, caseId);
  const file = await complaintsRepository.fileById(services.db, fileId);
  if (!file || file.complaint_id !== caseId)
    throw new AppError('NOT_FOUND', 'El archivo solicitado no existe.');
  // The viewer shows only images and PDFs, with the exact type of the allow-list (decision 0019).
  const viewType = MIME_BY_EXTENSION[file.extension.toLowerCase() as AllowedExtension];
  if (purpose === 'view' && !(viewType && isViewableContentType(viewType)))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Este tipo de archivo no se puede ver en el navegador: descárguelo.',
    );
  const key = services.keyring.unwrapDataKey(file.data_key);
  const name = row.is_anonymous
    ? staffFileName(
        true,
        (await complaintsRepository.files(services.db, caseId)).findIndex((f) => f.id === fileId),
        file,
        () => '',
      )
    : openForDisplay(services, key, file.name_enc, fileName(caseId), `archivo.${file.extension}`);
  const copy = await safeCopy(services, file, key);
  await appendAudit(services, services.db, {
    actorId: user.id,
    action: purpose === 'view' ? 'archivo.visualizado' : 'archivo.descargado',
    complaintId: caseId,
    detail: { archivo_id: fileId },
  });
  return {
    name,
    mimetype: purpose === 'view' ? viewType! : file.mimetype,
    size: copy.size,
    body: copy.body,
  };
}

/**
 * The investigator's copy of a stored file (`key`: its unwrapped data key): what a download sends
 * and what the case dossier packs. Rejects with SAFE_COPY_LIMIT (422) when the copy cannot be
 * made within its limits (`sanitize/limits.ts`), before anything is sent.
 */
export async function safeCopy(
  services: Services,
  file: Pick<FileRow, 'storage_key' | 'extension' | 'size_bytes'>,
  key: Buffer,
) {
  return sanitizedCopy(
    () => services.files.read(file.storage_key, key),
    file.extension,
    Number(file.size_bytes),
  );
}
