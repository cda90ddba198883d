import type { TranscriptDraft } from '@canal/shared';
import type { StaffTranscriptWire } from '@canal/shared/contract';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { LOG_EVENTS } from '../../core/complaints/complaint-log';
import { complaintsRepository, type FileRow } from '../../core/complaints/repository';
import { openForDisplay } from '../../core/complaints/sealed';
import { transcriptStore } from '../../core/complaints/transcript-store';
import { openTranscript } from '../../core/complaints/transcript-view';
import { notifyComplainant } from '../../core/notifications/notify';
import { fileName, sealField } from '../../crypto/sealed-field';
import type { StaffUser } from '../staff/roles';
import { caseForStaff, caseToChange } from './access';
import { assertOpen, logChange } from './use-cases/change';

/** Every version of the case's transcript, its author and the audio it transcribes. */
export async function viewTranscript(
  services: Services,
  user: StaffUser,
  id: number,
): Promise<StaffTranscriptWire> {
  const row = await caseForStaff(services, user, id);
  const key = services.keyring.unwrapDataKey(row.data_key);
  return staffTranscript(services, id, key, await complaintsRepository.files(services.db, id));
}

/**
 * The transcript of a case already read for someone allowed to see it (the case's data key and
 * its files in hand: the dossier reads them once for everything it writes).
 */
export async function staffTranscript(
  services: Services,
  id: number,
  key: Buffer,
  files: FileRow[],
): Promise<StaffTranscriptWire> {
  const rows = await transcriptStore.all(services.db, id);
  const { versions, accepted } = openTranscript(services, key, rows);
  return {
    versiones: versions.map(({ row: r, wire }) => {
      const file = files.find((f) => f.id === r.file_id);
      return {
        ...wire,
        origen: r.source,
        archivo: file
          ? {
              id: file.id,
              nombre: openForDisplay(services, key, file.name_enc, fileName(id), 'audio'),
            }
          : null,
        autor: r.author_name,
      };
    }),
    aceptada: accepted,
  };
}

/**
 * Staff issue a version of the transcript of an oral complaint (a voice attachment of the case,
 * or what the person said at a verbal intake) for the complainant to review: in one transaction
 * the version (sealed, replacing the one that waited), a visible log entry without the text, a
 * neutral mail to the complainant and an audit row (decision 0064).
 */
export async function issueTranscript(
  services: Services,
  user: StaffUser,
  id: number,
  draft: TranscriptDraft,
): Promise<number> {
  const row = await caseToChange(services, user, id);
  assertOpen(row);
  const fileId = draft.origen === 'adjunto' ? (draft.archivo_id ?? null) : null;
  if (fileId !== null) {
    const files = await complaintsRepository.files(services.db, id);
    if (!files.some((f) => f.id === fileId && f.mimetype.startsWith('audio/')))
      throw new AppError('TRANSCRIPT_FILE');
  }
  const key = services.keyring.unwrapDataKey(row.data_key);
  return services.db.transaction(async (tx) => {
    const version = await transcriptStore.issue(tx, {
      complaintId: id,
      textEnc: sealField(key, draft.texto, {
        complaintId: id,
        field: 'complaint_transcripts.text',
      }),
      source: draft.origen,
      fileId,
      authorId: user.id,
    });
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.transcriptIssued, visible: true },
      { action: 'caso.transcripcion', detail: { version, origen: draft.origen } },
    );
    await notifyComplainant(services, tx, row, row.status);
    return version;
  });
}
