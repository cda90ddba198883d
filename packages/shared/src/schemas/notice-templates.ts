// The texts the complainant must be told, as administrators edit them (decision 0070).
import { z } from 'zod';
import { NOTICE_TEMPLATE_KINDS, NOTICE_TEMPLATE_MAX_LENGTH } from '../notice-templates';
import { ORGANIZATIONS } from '../organizations';

export const NOTICE_TEMPLATE_MESSAGES = {
  organization: 'Debe elegir una organización válida.',
  kind: 'La plantilla indicada no existe.',
  required: 'Escriba el texto de la plantilla.',
  max: `El texto puede tener como máximo ${NOTICE_TEMPLATE_MAX_LENGTH} caracteres.`,
} as const;
const M = NOTICE_TEMPLATE_MESSAGES;

/** The text of one template, as the form and the API check it. */
export const noticeTemplateTextSchema = z
  .string({ error: M.required })
  .trim()
  .min(1, { error: M.required })
  .max(NOTICE_TEMPLATE_MAX_LENGTH, { error: M.max });

/** PUT /v1/gestion/plantillas: one organisation's text of one kind. */
export const noticeTemplateInputSchema = z.object({
  organizacion: z
    .string({ error: M.organization })
    .toLowerCase()
    .refine((id) => ORGANIZATIONS.some((o) => o.id === id), { error: M.organization }),
  clave: z.enum(NOTICE_TEMPLATE_KINDS, { error: M.kind }),
  texto: noticeTemplateTextSchema,
});
export type NoticeTemplateInput = z.input<typeof noticeTemplateInputSchema>;

/** The templates screen's form: the text only. */
export const noticeTemplateFormSchema = z.object({ text: noticeTemplateTextSchema });
export type NoticeTemplateFormValues = z.output<typeof noticeTemplateFormSchema>;
