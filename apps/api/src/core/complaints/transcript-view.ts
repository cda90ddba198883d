import type { TranscriptVersionWire } from '@canal/shared/contract';
import type { Services } from '../services';
import { openForDisplay, openForDisplayNullable } from './sealed';
import type { TranscriptRow } from './transcript-store';

/**
 * A complaint's transcript as both sides read it (decision 0064): each version opened with the
 * complaint's data key, newest first, and the version the complainant accepted last.
 */
export function openTranscript(services: Services, key: Buffer, rows: TranscriptRow[]) {
  const versions = rows.map((r) => ({
    row: r,
    wire: {
      version: r.version,
      texto: openForDisplay(services, key, r.text_enc, {
        complaintId: r.complaint_id,
        field: 'complaint_transcripts.text',
      }),
      fecha: r.created_at.toISOString(),
      estado: r.status,
      correcciones: openForDisplayNullable(services, key, r.corrections_enc, {
        complaintId: r.complaint_id,
        field: 'complaint_transcripts.corrections',
      }),
      respondida: r.answered_at?.toISOString() ?? null,
    } satisfies TranscriptVersionWire,
  }));
  const accepted = rows.find((r) => r.status === 'aceptada');
  return { versions, accepted: accepted?.version ?? null };
}
