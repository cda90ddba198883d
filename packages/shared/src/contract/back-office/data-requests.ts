// The register of data-protection requests (Law 21.719, issue 19): requests by any channel, each
// with its legal answer period, decision and answer, and the access answer for someone other than
// the complainant, previewed before it goes. A person's cases are found with the inbox's search
// (the keyed blind indexes of RUT and e-mail, decision 0014), never by decrypting.
import { z } from 'zod';
import {
  DATA_REQUESTERS,
  DATA_REQUEST_CHANNELS,
  DATA_REQUEST_DECISIONS,
  DATA_RIGHTS,
  dataRequestAnswerSchema,
  dataRequestExtensionSchema,
  newDataRequestSchema,
} from '../../schemas/data-rights';
import { endpoint, errors, messageSchema } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, staffHeaders } from './common';

const tag = 'Gestión: solicitudes sobre datos personales';
const READERS = { roles: ['administrador', 'auditor'] } as const;
const WRITERS = { roles: ['administrador'] } as const;

/** Where a request stands against its legal period (Chile's calendar days). */
export const DATA_REQUEST_CLOCK = ['en_plazo', 'por_vencer', 'vencida', 'respondida'] as const;

const caseRef = z.object({ id: z.number(), numero: z.string() });

export const dataRequestSummarySchema = z.object({
  id: z.number(),
  /** Organisation id. */
  organizacion: z.string(),
  solicitante: z.enum(DATA_REQUESTERS),
  nombre: z.string(),
  derecho: z.enum(DATA_RIGHTS),
  canal: z.enum(DATA_REQUEST_CHANNELS),
  /** yyyy-mm-dd: the day it arrived. */
  recibida: z.string(),
  /** yyyy-mm-dd: the last day of the legal answer period (after any extension). */
  vence: z.string(),
  prorrogada: z.boolean(),
  plazo: z.enum(DATA_REQUEST_CLOCK),
  casos: z.array(caseRef),
  decision: z.enum(DATA_REQUEST_DECISIONS).nullable(),
  /** ISO 8601 instant of the answer, or null while open. */
  respondida: z.string().nullable(),
});
export type DataRequestSummaryWire = z.infer<typeof dataRequestSummarySchema>;

export const dataRequestViewSchema = dataRequestSummarySchema.extend({
  contacto: z.string().nullable(),
  detalle: z.string(),
  motivo_prorroga: z.string().nullable(),
  fundamento: z.string().nullable(),
  respuesta: z.string().nullable(),
  registrada_por: z.string().nullable(),
  respondida_por: z.string().nullable(),
});
export type DataRequestViewWire = z.infer<typeof dataRequestViewSchema>;

export const dataRequestListSchema = z.object({
  solicitudes: z.array(dataRequestSummarySchema),
  /** Open requests the person may see, and how many of them are past their period. */
  abiertas: z.number(),
  vencidas: z.number(),
});
export type DataRequestListWire = z.infer<typeof dataRequestListSchema>;

/**
 * What an access answer would contain and what it withholds, and why (EU Directive 2019/1937 art.
 * 16, Law 21.643's confidentiality): for anyone but the complainant, nothing that names the
 * complainant or lets them be deduced.
 */
export const accessAnswerPreviewSchema = z.object({
  incluye: z.array(z.object({ titulo: z.string(), contenido: z.array(z.string()) })),
  retenido: z.array(z.object({ dato: z.string(), motivo: z.string() })),
  /** The answer as plain text, ready to be sent as it is or adapted. */
  texto: z.string(),
});
export type AccessAnswerPreviewWire = z.infer<typeof accessAnswerPreviewSchema>;

export const listDataRequests = endpoint({
  method: 'GET',
  path: '/v1/gestion/solicitudes-datos',
  tag,
  access: READERS,
  summary:
    'Registro de solicitudes sobre datos personales de las organizaciones que la persona ve (las abiertas primero, por vencimiento)',
  headers: staffHeaders,
  querystring: z.object({
    estado: z
      .enum(['abiertas', 'todas'], { error: 'El estado debe ser abiertas o todas.' })
      .optional(),
  }),
  responses: { 200: dataRequestListSchema, ...errors(400, 403, ...SIGNED_IN) },
});

export const createDataRequest = endpoint({
  method: 'POST',
  path: '/v1/gestion/solicitudes-datos',
  tag,
  access: WRITERS,
  summary:
    'Registra una solicitud recibida por correo, carta o en persona; su plazo legal corre desde el día en que llegó',
  headers: staffHeaders,
  body: newDataRequestSchema,
  // 404: a case that does not exist or the person may not see.
  responses: { 201: z.object({ id: z.number() }), ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

export const viewDataRequest = endpoint({
  method: 'GET',
  path: '/v1/gestion/solicitudes-datos/:id',
  tag,
  access: READERS,
  summary: 'Una solicitud del registro',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: dataRequestViewSchema, ...errors(400, 403, 404, ...SIGNED_IN) },
});

export const previewAccessAnswer = endpoint({
  method: 'GET',
  path: '/v1/gestion/solicitudes-datos/:id/respuesta-acceso',
  tag,
  access: WRITERS,
  summary:
    'Vista previa de la respuesta de acceso: qué contendría y qué se retiene, y por qué (nunca la identidad de la persona denunciante)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: accessAnswerPreviewSchema, ...errors(400, 403, 404, ...SIGNED_IN) },
});

export const extendDataRequest = endpoint({
  method: 'POST',
  path: '/v1/gestion/solicitudes-datos/:id/prorroga',
  tag,
  access: WRITERS,
  summary: 'Prorroga el plazo de respuesta una vez, con un motivo',
  headers: staffHeaders,
  params: idParamSchema,
  body: dataRequestExtensionSchema,
  // 409: already extended, or already answered.
  responses: { 200: messageSchema, ...errors(400, 404, 409, ...SIGNED_IN_WRITE) },
});

export const answerDataRequest = endpoint({
  method: 'POST',
  path: '/v1/gestion/solicitudes-datos/:id/respuesta',
  tag,
  access: WRITERS,
  summary:
    'Registra la decisión, su fundamento y la respuesta enviada; la de la persona denunciante llega a su bitácora con un correo neutro',
  headers: staffHeaders,
  params: idParamSchema,
  body: dataRequestAnswerSchema,
  // 409: already answered; 422: an answer to someone else names the complainant.
  responses: { 200: messageSchema, ...errors(400, 404, 409, 422, ...SIGNED_IN_WRITE) },
});

export const dataRequests = {
  listDataRequests,
  createDataRequest,
  viewDataRequest,
  previewAccessAnswer,
  extendDataRequest,
  answerDataRequest,
} as const;
