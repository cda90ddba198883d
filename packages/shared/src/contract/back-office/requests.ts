// The complainant's requests to replace the investigator (issue 11, decision 0022): administrators
// see them as tasks and answer them; auditors read them; investigators never read the reason.
import { z } from 'zod';
import { replacementAnswerSchema } from '../../schemas/replacement';
import { endpoint, errors, messageSchema } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, namedRefSchema, staffHeaders } from './common';

const tag = 'Gestión: solicitudes de la persona denunciante';

/** A request waiting for an answer, as the case page shows it. */
export const openReplacementRequestSchema = z.object({
  id: z.number(),
  /** ISO 8601 instant; yyyy-mm-dd (Chile) in an anonymous complaint. */
  fecha: z.string(),
  /** The complainant's reason: null for anyone but administrators and auditors. */
  motivo: z.string().nullable(),
  /** Who handled the case when the request arrived (null: nobody). */
  investigador: namedRefSchema.nullable(),
});
export type OpenReplacementRequestWire = z.infer<typeof openReplacementRequestSchema>;

/** An element of the task list: the request and its case. */
export const replacementTaskSchema = openReplacementRequestSchema.extend({
  caso: z.object({ id: z.number(), numero: z.string() }),
});
export type ReplacementTaskWire = z.infer<typeof replacementTaskSchema>;

export const listReplacementRequests = endpoint({
  method: 'GET',
  path: '/v1/gestion/solicitudes',
  tag,
  access: { roles: ['administrador', 'auditor'] },
  summary:
    'Solicitudes de cambio de la persona investigadora por responder, de los casos que la persona puede ver (las más antiguas primero)',
  headers: staffHeaders,
  responses: {
    200: z.object({ solicitudes: z.array(replacementTaskSchema) }),
    ...errors(403, ...SIGNED_IN),
  },
});

export const answerReplacementRequest = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/solicitud-reemplazo',
  tag,
  access: { roles: ['administrador'] },
  summary:
    'Responde la solicitud abierta: acogerla asigna el caso a otra persona; rechazarla exige un motivo. La respuesta queda en la bitácora que ve la persona denunciante',
  headers: staffHeaders,
  params: idParamSchema,
  body: replacementAnswerSchema,
  // 404: no such case in scope, or no open request; 409: the case is closed.
  responses: { 200: messageSchema, ...errors(400, 404, 409, ...SIGNED_IN_WRITE) },
});

export const requests = { listReplacementRequests, answerReplacementRequest } as const;
