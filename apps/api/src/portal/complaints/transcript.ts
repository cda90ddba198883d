import type { TranscriptAnswerPayload } from '@canal/shared';
import type { TranscriptWire } from '@canal/shared/contract';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { complainantEntry, LOG_EVENTS } from '../../core/complaints/complaint-log';
import { complaintStore } from '../../core/complaints/complaint-store';
import type { ComplaintRow } from '../../core/complaints/repository';
import { transcriptStore } from '../../core/complaints/transcript-store';
import { openTranscript } from '../../core/complaints/transcript-view';
import { notifyAssignee } from '../../core/notifications/notify';
import { sealField } from '../../crypto/sealed-field';

/** The transcript of the complainant's oral complaint: every version and their answers. */
export async function readTranscript(
  services: Services,
  row: ComplaintRow,
): Promise<TranscriptWire> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const { versions, accepted } = openTranscript(
    services,
    key,
    await transcriptStore.all(services.db, row.id),
  );
  return { versiones: versions.map((v) => v.wire), aceptada: accepted };
}

/**
 * The complainant accepts the version waiting for review, or proposes corrections (sealed; EU
 * Directive 2019/1937 art. 18: the reporter checks the record). In one transaction: the answer,
 * a log entry without the text, a neutral mail to the person handling the case and an audit row.
 * A closed case takes the answer too: the record stays the complainant's to check.
 */
export async function answerTranscript(
  services: Services,
  row: ComplaintRow,
  answer: Pick<TranscriptAnswerPayload, 'version' | 'decision' | 'correcciones'>,
): Promise<void> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const accepted = answer.decision === 'acepta';
  const corrections = accepted ? '' : (answer.correcciones ?? '').trim();
  await services.db.transaction(async (tx) => {
    const answered = await transcriptStore.answer(tx, {
      complaintId: row.id,
      version: answer.version,
      status: accepted ? 'aceptada' : 'con_correcciones',
      correctionsEnc: corrections
        ? sealField(key, corrections, {
            complaintId: row.id,
            field: 'complaint_transcripts.corrections',
          })
        : null,
    });
    if (!answered) throw new AppError('TRANSCRIPT_NOT_WAITING');
    await complaintStore.appendLog(
      tx,
      complainantEntry(
        row.id,
        accepted
          ? LOG_EVENTS.transcriptAccepted(answer.version)
          : LOG_EVENTS.transcriptCorrected(answer.version),
      ),
    );
    await notifyAssignee(services, tx, row.id, 'transcripcion');
    await appendAudit(services, tx, {
      actorId: null,
      action: 'caso.transcripcion_respondida',
      complaintId: row.id,
      detail: { version: answer.version, decision: answer.decision },
    });
  });
}
