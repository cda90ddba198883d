// Protection after closing (issue 22, decision 0060): the days after closing on which the
// complainant is asked whether they have suffered retaliation, and their report. One copy of each
// rule and message for the portal, the back office and the API.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { ORGANIZATIONS } from '../organizations';
import { ticketNumberSchema } from './fields';

/** The days after closing an organisation asks on until its administrators choose others. */
export const RETALIATION_CHECKIN_DAYS: readonly number[] = [30, 90, 180];
export const RETALIATION_CHECKIN_MAX_DAYS = 6;
export const RETALIATION_CHECKIN_LAST_DAY = 730;
/** Working days the team has to attend a report of retaliation. */
export const RETALIATION_DUE_WORKING_DAYS = 3;
export const RETALIATION_TEXT_MAX = 2000;

export const RETALIATION_MESSAGES = {
  organization: 'Debe elegir una organización válida.',
  days: `Indique hasta ${RETALIATION_CHECKIN_MAX_DAYS} días distintos después del cierre, cada uno un número entero entre 1 y ${RETALIATION_CHECKIN_LAST_DAY}.`,
  textRequired: '* Cuéntenos brevemente qué ocurrió.',
  textMax: `* El relato no puede tener más de ${RETALIATION_TEXT_MAX} caracteres.`,
  notClosed:
    'Su denuncia sigue en curso. Si ha sufrido represalias, cuénteselo al equipo en un comentario.',
  sent: 'Su aviso fue enviado. El equipo de investigación lo revisará y le responderá en el historial.',
} as const;
const M = RETALIATION_MESSAGES;

const retaliationTextSchema = z
  .string({ error: M.textRequired })
  .trim()
  .min(1, { error: M.textRequired })
  .max(RETALIATION_TEXT_MAX, { error: M.textMax });

/** The portal's form on a closed complaint's detail page ("Sufrí represalias"). */
export const retaliationFormSchema = z.object({ text: retaliationTextSchema });
export type RetaliationFormValues = z.output<typeof retaliationFormSchema>;

/** POST /v1/denuncias/represalias */
export const retaliationReportPayloadSchema = z.object(
  { denuncia_id: ticketNumberSchema, relato: retaliationTextSchema },
  { error: MESSAGES.invalidData },
);
export type RetaliationReportPayload = z.input<typeof retaliationReportPayloadSchema>;

/** The days one organisation asks on (administrators): distinct, sorted, none for no question. */
export const retaliationSettingsInputSchema = z.object({
  organizacion: z
    .string({ error: M.organization })
    .toLowerCase()
    .refine((id) => ORGANIZATIONS.some((o) => o.id === id), { error: M.organization }),
  dias: z
    .array(
      z
        .number({ error: M.days })
        .int({ error: M.days })
        .min(1, { error: M.days })
        .max(RETALIATION_CHECKIN_LAST_DAY, { error: M.days }),
      { error: M.days },
    )
    .max(RETALIATION_CHECKIN_MAX_DAYS, { error: M.days })
    .refine((days) => new Set(days).size === days.length, { error: M.days })
    .transform((days) => [...days].sort((a, b) => a - b)),
});
export type RetaliationSettingsInput = z.input<typeof retaliationSettingsInputSchema>;
