// The transcript of an oral complaint that the complainant agrees (issue 21, decision 0064): the
// portal's two calls and what both sides read of a version. The back office's are in
// `back-office/transcripts.ts`.
import { z } from 'zod';
import { TRANSCRIPT_STATES, transcriptAnswerPayloadSchema } from '../schemas/transcript';
import { ALWAYS, endpoint, errors, messageSchema } from './core';
import { complainantHeaders } from './headers';

/** One version as the complainant reads it: the text, when it was issued and their answer. */
export const transcriptVersionSchema = z.object({
  version: z.number(),
  texto: z.string(),
  /** When staff issued it (ISO instant). */
  fecha: z.string(),
  estado: z.enum(TRANSCRIPT_STATES),
  /** The corrections the complainant proposed to this version, if they did. */
  correcciones: z.string().nullable(),
  /** When the complainant answered (ISO instant), or null. */
  respondida: z.string().nullable(),
});
export type TranscriptVersionWire = z.infer<typeof transcriptVersionSchema>;

export const transcriptSchema = z.object({
  /** Newest first. Empty: the complaint has no transcript. */
  versiones: z.array(transcriptVersionSchema),
  /** The version the complainant accepted last, or null. */
  aceptada: z.number().nullable(),
});
export type TranscriptWire = z.infer<typeof transcriptSchema>;

const complaints = 'Denuncias';

export const complaintTranscript = endpoint({
  method: 'GET',
  path: '/v1/denuncias/:id/transcripcion',
  tag: complaints,
  access: 'complainant',
  summary:
    'Transcripción de la denuncia oral: sus versiones, la aceptada y las respuestas de la persona denunciante (adición, decisión 0064)',
  headers: complainantHeaders,
  params: z.object({ id: z.string() }),
  responses: { 200: transcriptSchema, ...errors(400, 401, 403, 404, ...ALWAYS) },
});

export const answerTranscript = endpoint({
  method: 'POST',
  path: '/v1/denuncias/transcripcion',
  tag: complaints,
  access: 'complainant',
  summary:
    'Acepta la versión de la transcripción que espera revisión, o propone correcciones (adición, decisión 0064)',
  headers: complainantHeaders,
  body: transcriptAnswerPayloadSchema,
  // 409: that version no longer waits for an answer (answered, or replaced by a newer one).
  responses: { 201: messageSchema, ...errors(400, 401, 403, 404, 409, ...ALWAYS) },
});

export const transcripts = { complaintTranscript, answerTranscript } as const;
