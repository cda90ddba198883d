// The transcript of an oral complaint that the complainant agrees (issue 21, decision 0064): staff
// write it, the complainant accepts it or proposes corrections, staff may issue a new version.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { ticketNumberSchema } from './fields';

export const TRANSCRIPT_MAX = 20000;
export const TRANSCRIPT_CORRECTIONS_MAX = 5000;

/** Where the spoken words come from: a voice attachment of the case, or a verbal intake by staff. */
export const TRANSCRIPT_SOURCES = ['adjunto', 'verbal'] as const;
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];

/** A version's state: waiting for the complainant, accepted, corrected, or replaced by a newer one. */
export const TRANSCRIPT_STATES = [
  'pendiente',
  'aceptada',
  'con_correcciones',
  'reemplazada',
] as const;
export type TranscriptState = (typeof TRANSCRIPT_STATES)[number];

/** What each state means, as staff read it (the case page, the dossier). */
export const TRANSCRIPT_STATE_LABELS: Record<TranscriptState, string> = {
  pendiente: 'Esperando la revisión de la persona denunciante',
  aceptada: 'Aceptada por la persona denunciante',
  con_correcciones: 'La persona denunciante propuso correcciones',
  reemplazada: 'Reemplazada por una versión posterior antes de su revisión',
};

export const TRANSCRIPT_MESSAGES = {
  textRequired: 'Escriba la transcripción.',
  textMax: `La transcripción admite como máximo ${TRANSCRIPT_MAX} caracteres.`,
  source: 'Indique si la transcripción es de un audio adjunto o de una denuncia verbal.',
  file: 'Elija el audio adjunto que transcribe.',
  decision: 'Indique si acepta la transcripción o propone correcciones.',
  correctionsRequired: '* Escriba las correcciones que propone.',
  correctionsMax: `* Las correcciones pueden tener como máximo ${TRANSCRIPT_CORRECTIONS_MAX} caracteres.`,
  version: 'La versión de la transcripción no es válida.',
} as const;

/** POST /v1/gestion/casos/:id/transcripciones: a new version, replacing the one waiting. */
export const transcriptDraftSchema = z
  .object({
    texto: z
      .string({ error: TRANSCRIPT_MESSAGES.textRequired })
      .trim()
      .min(1, { error: TRANSCRIPT_MESSAGES.textRequired })
      .max(TRANSCRIPT_MAX, { error: TRANSCRIPT_MESSAGES.textMax }),
    origen: z.enum(TRANSCRIPT_SOURCES, { error: TRANSCRIPT_MESSAGES.source }),
    archivo_id: z.uuid({ error: TRANSCRIPT_MESSAGES.file }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.origen === 'adjunto' && !v.archivo_id)
      ctx.addIssue({ code: 'custom', path: ['archivo_id'], message: TRANSCRIPT_MESSAGES.file });
  });
export type TranscriptDraft = z.output<typeof transcriptDraftSchema>;

export const TRANSCRIPT_DECISIONS = ['acepta', 'corrige'] as const;
export type TranscriptDecision = (typeof TRANSCRIPT_DECISIONS)[number];

const correctionsSchema = z
  .string()
  .trim()
  .max(TRANSCRIPT_CORRECTIONS_MAX, { error: TRANSCRIPT_MESSAGES.correctionsMax });

/** The portal's form: accept, or write the corrections. */
export const transcriptAnswerFormSchema = z
  .object({ decision: z.enum(TRANSCRIPT_DECISIONS), corrections: correctionsSchema })
  .superRefine((v, ctx) => {
    if (v.decision === 'corrige' && !v.corrections)
      ctx.addIssue({
        code: 'custom',
        path: ['corrections'],
        message: TRANSCRIPT_MESSAGES.correctionsRequired,
      });
  });
export type TranscriptAnswerFormValues = z.output<typeof transcriptAnswerFormSchema>;

/** POST /v1/denuncias/transcripcion: the complainant's answer to the version waiting. */
export const transcriptAnswerPayloadSchema = z
  .object(
    {
      denuncia_id: ticketNumberSchema,
      version: z.number({ error: TRANSCRIPT_MESSAGES.version }).int().positive(),
      decision: z.enum(TRANSCRIPT_DECISIONS, { error: TRANSCRIPT_MESSAGES.decision }),
      correcciones: correctionsSchema.optional(),
    },
    { error: MESSAGES.invalidData },
  )
  .superRefine((v, ctx) => {
    if (v.decision === 'corrige' && !v.correcciones)
      ctx.addIssue({
        code: 'custom',
        path: ['correcciones'],
        message: TRANSCRIPT_MESSAGES.correctionsRequired,
      });
  });
export type TranscriptAnswerPayload = z.input<typeof transcriptAnswerPayloadSchema>;
