// The complainant's request to replace the investigator (issue 11, decision 0022): the portal's
// form, its payload, and the administrator's answer. One copy of each rule and message.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { ticketNumberSchema } from './fields';

/** The reason is free text the complainant writes: kept short, sealed like their comments. */
export const REPLACEMENT_REASON_MAX = 2000;

export const REPLACEMENT_MESSAGES = {
  reasonRequired: '* Debe indicar el motivo de su solicitud.',
  reasonMax: `* El motivo no puede tener más de ${REPLACEMENT_REASON_MAX} caracteres.`,
  decision: 'Debe indicar si acoge o rechaza la solicitud.',
  newInvestigator: 'Para acoger la solicitud debe elegir a la nueva persona a cargo del caso.',
  rejectionReason: 'Para rechazar la solicitud debe escribir el motivo.',
  answerMax: `El motivo puede tener como máximo ${REPLACEMENT_REASON_MAX} caracteres.`,
} as const;

export const replacementReasonSchema = z
  .string({ error: REPLACEMENT_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: REPLACEMENT_MESSAGES.reasonRequired })
  .max(REPLACEMENT_REASON_MAX, REPLACEMENT_MESSAGES.reasonMax);

/** The portal's form on the detail page. */
export const replacementRequestFormSchema = z.object({ reason: replacementReasonSchema });
export type ReplacementRequestFormValues = z.output<typeof replacementRequestFormSchema>;

/** POST /v1/denuncias/solicitud-reemplazo */
export const replacementRequestPayloadSchema = z.object(
  { denuncia_id: ticketNumberSchema, motivo: replacementReasonSchema },
  { error: MESSAGES.invalidData },
);
export type ReplacementRequestPayload = z.input<typeof replacementRequestPayloadSchema>;

export const REPLACEMENT_DECISIONS = ['aceptada', 'rechazada'] as const;
export type ReplacementDecision = (typeof REPLACEMENT_DECISIONS)[number];

/**
 * An administrator's answer: accepting names the new investigator (the assignment's own rules
 * apply), rejecting gives the reason the complainant reads in their log.
 */
export const replacementAnswerSchema = z
  .object({
    decision: z.enum(REPLACEMENT_DECISIONS, { error: REPLACEMENT_MESSAGES.decision }),
    usuario_id: z
      .number({ error: REPLACEMENT_MESSAGES.newInvestigator })
      .int()
      .positive()
      .optional(),
    motivo: z
      .string()
      .trim()
      .max(REPLACEMENT_REASON_MAX, REPLACEMENT_MESSAGES.answerMax)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'aceptada' && v.usuario_id === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['usuario_id'],
        message: REPLACEMENT_MESSAGES.newInvestigator,
      });
    if (v.decision === 'rechazada' && !v.motivo)
      ctx.addIssue({
        code: 'custom',
        path: ['motivo'],
        message: REPLACEMENT_MESSAGES.rejectionReason,
      });
  });
export type ReplacementAnswer = z.output<typeof replacementAnswerSchema>;
