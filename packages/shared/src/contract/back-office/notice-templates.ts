// The texts the complainant must be told (issue 22, decision 0070): each organisation's templates,
// read by everyone who records milestones or replies, edited by administrators (audited).
import { z } from 'zod';
import { NOTICE_TEMPLATE_KINDS } from '../../notice-templates';
import { noticeTemplateInputSchema } from '../../schemas/notice-templates';
import { endpoint, errors } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, staffHeaders } from './common';

const tag = 'Gestión: plantillas de avisos';

/** One kind's text for one organisation: its own, or the product's default until it writes one. */
export const noticeTemplateSchema = z.object({
  organizacion: z.string(),
  clave: z.enum(NOTICE_TEMPLATE_KINDS),
  texto: z.string(),
  /** When an administrator last saved it; null: the default text. */
  actualizado: z.string().nullable(),
});
export type NoticeTemplateWire = z.infer<typeof noticeTemplateSchema>;

export const listNoticeTemplates = endpoint({
  method: 'GET',
  path: '/v1/gestion/plantillas',
  tag,
  access: { roles: ['administrador', 'investigador'] },
  summary:
    'Plantillas de los avisos a la persona denunciante de las organizaciones en que trabaja la persona',
  headers: staffHeaders,
  responses: {
    200: z.object({ plantillas: z.array(noticeTemplateSchema) }),
    ...errors(403, ...SIGNED_IN),
  },
});

export const updateNoticeTemplate = endpoint({
  method: 'PUT',
  path: '/v1/gestion/plantillas',
  tag,
  access: { roles: ['administrador'] },
  summary: 'Guarda el texto de una plantilla de aviso de una organización (auditado)',
  headers: staffHeaders,
  body: noticeTemplateInputSchema,
  // 404: an organisation the administrator does not work on.
  responses: { 200: noticeTemplateSchema, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

export const noticeTemplates = { listNoticeTemplates, updateNoticeTemplate } as const;
