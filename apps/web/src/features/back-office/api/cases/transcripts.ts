// The transcript of an oral complaint (/v1/gestion/casos/:id/transcripciones, decision 0064):
// every version, the one the complainant accepted, their corrections; staff issue a new version.
import { useQuery } from '@tanstack/react-query';
import type { TranscriptDraft } from '@canal/shared';
import { contract, type StaffTranscriptWire } from '@canal/shared/contract';
import { staffKeys } from '../keys';
import { bodyNames } from '../names';
import { useStaffApi } from '../StaffApiProvider';
import { useCaseMutation } from './case';

type VersionWire = StaffTranscriptWire['versiones'][number];

const toTranscriptVersion = (w: VersionWire) => ({
  version: w.version,
  text: w.texto,
  /** ISO instant it was issued. */
  issuedAt: w.fecha,
  state: w.estado,
  corrections: w.correcciones,
  /** ISO instant the complainant answered, or null. */
  answeredAt: w.respondida,
  source: w.origen,
  file: w.archivo ? { id: w.archivo.id, name: w.archivo.nombre } : null,
  author: w.autor,
});
export type TranscriptVersion = ReturnType<typeof toTranscriptVersion>;

export const toCaseTranscript = (w: StaffTranscriptWire) => ({
  /** Newest first. */
  versions: w.versiones.map(toTranscriptVersion),
  accepted: w.aceptada,
});
export type CaseTranscript = ReturnType<typeof toCaseTranscript>;

/** The form's names for the body of a new version. */
export const transcriptDraftNames = bodyNames<TranscriptDraft>()({
  text: 'texto',
  source: 'origen',
  fileId: 'archivo_id',
});

export function useCaseTranscript(id: number) {
  const api = useStaffApi();
  return useQuery({
    queryKey: [...staffKeys.case(id), 'transcripcion'] as const,
    queryFn: async () =>
      toCaseTranscript(await api(contract.viewCaseTranscript, { params: { id } })),
  });
}

/** Issues a new version: the case (its log) and the transcript are read again. */
export function useIssueTranscript(id: number) {
  const api = useStaffApi();
  return useCaseMutation(id, (draft: ReturnType<typeof transcriptDraftNames.toFront>) =>
    api(contract.issueTranscript, { params: { id }, body: transcriptDraftNames.toWire(draft) }),
  );
}
