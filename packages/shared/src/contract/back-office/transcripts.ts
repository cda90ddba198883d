// Staff write the transcript of an oral complaint; the complainant agrees it or proposes
// corrections (issue 21, decision 0064). Every version stays, sealed with the case's key.
import { z } from 'zod';
import { TRANSCRIPT_SOURCES, transcriptDraftSchema } from '../../schemas/transcript';
import { endpoint, errors } from '../core';
import { transcriptVersionSchema } from '../transcripts';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, staffHeaders } from './common';
import { CASES_TAG as tag } from './cases-inbox';

export const staffTranscriptVersionSchema = transcriptVersionSchema.extend({
  origen: z.enum(TRANSCRIPT_SOURCES),
  /** The voice attachment transcribed (origen «adjunto»): its id and name. */
  archivo: z.object({ id: z.string(), nombre: z.string() }).nullable(),
  /** Who wrote it. */
  autor: z.string(),
});

export const staffTranscriptSchema = z.object({
  versiones: z.array(staffTranscriptVersionSchema),
  aceptada: z.number().nullable(),
});
export type StaffTranscriptWire = z.infer<typeof staffTranscriptSchema>;

export const viewCaseTranscript = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos/:id/transcripciones',
  tag,
  access: 'staff',
  summary:
    'Transcripciones de la denuncia oral: cada versión, la aceptada y las respuestas de la persona denunciante',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: staffTranscriptSchema, ...errors(400, 404, 410, 423, ...SIGNED_IN) },
});

export const issueTranscript = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/transcripciones',
  tag,
  access: 'staff',
  summary:
    'Emite una versión de la transcripción para que la persona denunciante la revise (reemplaza la que esperaba revisión)',
  headers: staffHeaders,
  params: idParamSchema,
  body: transcriptDraftSchema,
  // 409: the case is closed; 404 also for an attachment that is not the case's audio.
  responses: {
    201: z.object({ version: z.number() }),
    ...errors(400, 404, 409, 410, 423, ...SIGNED_IN_WRITE),
  },
});

export const transcriptsAdmin = { viewCaseTranscript, issueTranscript } as const;
