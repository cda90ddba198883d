// The complainant's portal (SPEC §7): complaints, follow-up, recovery and master data.
import { z } from 'zod';
import { MAX_FILES_PER_REQUEST } from '../constants';
import {
  addCommentPayloadSchema,
  codeRecoveryPayloadSchema,
  denunciaPayloadSchema,
  loginPayloadSchema,
  passwordRecoveryPayloadSchema,
  resetPasswordPayloadSchema,
  activationPayloadSchema,
  statusPayloadSchema,
  replacementRequestPayloadSchema,
  retaliationReportPayloadSchema,
  uploadBitacoraSchema,
} from '../schemas';
import {
  adjuntoListadoSchema,
  agenciaSchema,
  categoriaDelitosSchema,
  borradorAbiertoSchema,
  denunciaCreatedSchema,
  denunciaDetalleSchema,
  loginAnswerSchema,
  opcionSimpleSchema,
  statusAnswerSchema,
  zonaConLugaresSchema,
  zonaSchema,
} from '../wire';
import { ALWAYS, endpoint, errors, messageSchema, noBody } from './core';
import { complainantHeaders, humanHeaders, organizationHeaders } from './headers';

const complaints = 'Denuncias';
const recovery = 'Recuperación';
const masterData = 'Datos maestros';

/** The ticket code in a path; anything but 12 digits answers 404 like an unknown complaint. */
export const ticketParams = z.object({ id: z.string() });

export const createComplaint = endpoint({
  method: 'POST',
  path: '/v1/denuncias',
  tag: complaints,
  access: 'human',
  summary: 'Ingresa una denuncia (multipart: parte JSON «denuncia» y partes «files»)',
  headers: humanHeaders,
  multipart: {
    json: { field: 'denuncia', schema: denunciaPayloadSchema },
    files: { field: 'files', max: MAX_FILES_PER_REQUEST },
  },
  // 503: the password hasher is saturated.
  responses: { 201: denunciaCreatedSchema, ...errors(400, 403, 413, 415, 503, ...ALWAYS) },
});

/**
 * Opens a pending filing (decision 0074): the filing form sends its files over tus with its
 * token before the complaint exists; the filing then names them. Counted per client like filings.
 */
export const openPendingFiling = endpoint({
  method: 'POST',
  path: '/v1/denuncias/borradores',
  tag: complaints,
  access: 'human',
  summary:
    'Abre un envío pendiente: sus archivos se suben por tus (/v1/denuncias/subidas, cabecera x-borrador) y la denuncia los nombra (borrador, subidas)',
  headers: humanHeaders,
  responses: { 201: borradorAbiertoSchema, ...errors(400, 403, ...ALWAYS) },
});

export const login = endpoint({
  method: 'POST',
  path: '/v1/denuncias/login',
  tag: complaints,
  access: 'human',
  summary:
    'Ingreso con código y contraseña. 410: la denuncia fue eliminada al cumplirse su plazo de conservación',
  headers: humanHeaders,
  body: loginPayloadSchema,
  responses: { 200: loginAnswerSchema, ...errors(400, 401, 403, 410, 503, ...ALWAYS) },
});

/**
 * Sign-out: the bearer token dies server-side. Idempotent: an unknown, expired or already closed
 * token also answers 204; only a missing or malformed `Authorization` header answers 401.
 */
export const complainantSignOut = endpoint({
  method: 'DELETE',
  path: '/v1/denuncias/sesion',
  tag: complaints,
  access: 'bearer',
  summary: 'Cierra la sesión del denunciante',
  headers: complainantHeaders,
  responses: { 204: noBody, ...errors(400, 401, 403, ...ALWAYS) },
});

export const complaintDetail = endpoint({
  method: 'GET',
  path: '/v1/denuncias/:id',
  tag: complaints,
  access: 'complainant',
  summary: 'Detalle de la denuncia',
  headers: complainantHeaders,
  params: ticketParams,
  responses: { 200: denunciaDetalleSchema, ...errors(400, 401, 403, 404, ...ALWAYS) },
});

export const complaintAttachments = endpoint({
  method: 'GET',
  path: '/v1/denuncias/:id/adjuntos',
  tag: complaints,
  access: 'complainant',
  summary: 'Archivos de la denuncia (cada uno con un enlace firmado de 5 minutos)',
  headers: complainantHeaders,
  params: ticketParams,
  responses: { 200: z.array(adjuntoListadoSchema), ...errors(400, 401, 403, 404, ...ALWAYS) },
});

export const addComment = endpoint({
  method: 'POST',
  path: '/v1/denuncias/add-comentario',
  tag: complaints,
  access: 'complainant',
  summary: 'Agrega un comentario a la bitácora',
  headers: complainantHeaders,
  body: addCommentPayloadSchema,
  // A closed complaint takes comments too (decision 0034).
  responses: { 201: messageSchema, ...errors(400, 401, 403, 404, ...ALWAYS) },
});

export const requestReplacement = endpoint({
  method: 'POST',
  path: '/v1/denuncias/solicitud-reemplazo',
  tag: complaints,
  access: 'complainant',
  summary:
    'Solicita el cambio de la persona investigadora, con un motivo (una solicitud abierta por denuncia; adición, decisión 0022)',
  headers: complainantHeaders,
  body: replacementRequestPayloadSchema,
  // 409: the complaint is closed, or a request is already waiting for an answer.
  responses: { 201: messageSchema, ...errors(400, 401, 403, 404, 409, ...ALWAYS) },
});

export const reportRetaliation = endpoint({
  method: 'POST',
  path: '/v1/denuncias/represalias',
  tag: complaints,
  access: 'complainant',
  summary:
    'Informa represalias sufridas después del cierre: alerta al equipo y al administrador, con plazo propio (adición, decisión 0060)',
  headers: complainantHeaders,
  body: retaliationReportPayloadSchema,
  // 409: the complaint is still open (a comment reaches the team then).
  responses: { 201: messageSchema, ...errors(400, 401, 403, 404, 409, ...ALWAYS) },
});

export const uploadFiles = endpoint({
  method: 'POST',
  path: '/v1/denuncias/upload-files',
  tag: complaints,
  access: 'complainant',
  summary:
    'Adjunta antecedentes (multipart: parte JSON «bitacora» y partes «files»); solo con estado «Faltan antecedentes»',
  headers: complainantHeaders,
  multipart: {
    json: { field: 'bitacora', schema: uploadBitacoraSchema },
    files: { field: 'files', max: MAX_FILES_PER_REQUEST },
  },
  // 409: not in «Faltan antecedentes».
  responses: { 201: messageSchema, ...errors(400, 401, 403, 404, 409, 413, 415, ...ALWAYS) },
});

export const complaintStatus = endpoint({
  method: 'POST',
  path: '/v1/denuncias/estado-denuncia',
  tag: complaints,
  access: 'complainant',
  summary: 'Estado de la denuncia',
  headers: complainantHeaders,
  body: statusPayloadSchema,
  responses: { 200: statusAnswerSchema, ...errors(400, 401, 403, 404, ...ALWAYS) },
});

export const recoverCodes = endpoint({
  method: 'POST',
  path: '/v1/denuncias/codigo',
  tag: recovery,
  access: 'human',
  summary: 'Envía por correo los códigos de denuncia de esa dirección',
  headers: humanHeaders,
  body: codeRecoveryPayloadSchema,
  // The same 200 whether or not the address filed a complaint.
  responses: { 200: messageSchema, ...errors(400, 403, ...ALWAYS) },
});

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/v1/denuncias/recuperar-password',
  tag: recovery,
  access: 'human',
  summary: 'Envía un enlace para restablecer la contraseña',
  headers: humanHeaders,
  body: passwordRecoveryPayloadSchema,
  // 404: the e-mail and the code do not match.
  responses: { 200: messageSchema, ...errors(400, 403, 404, ...ALWAYS) },
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/v1/denuncias/restablecer-password',
  tag: recovery,
  access: 'human',
  summary: 'Crea una nueva contraseña con el enlace recibido',
  headers: humanHeaders,
  body: resetPasswordPayloadSchema,
  // 410: the link is unknown, used or expired.
  responses: {
    200: messageSchema.extend({ ticket: z.number() }),
    ...errors(400, 403, 410, 503, ...ALWAYS),
  },
});

export const activateComplaint = endpoint({
  method: 'POST',
  path: '/v1/denuncias/activar',
  tag: recovery,
  access: 'human',
  summary:
    'Crea la contraseña de una denuncia registrada por el equipo con el número de caso y el código de activación del comprobante',
  headers: humanHeaders,
  body: activationPayloadSchema,
  // 404: the case number and the code do not match; 410: the code was used, replaced or expired;
  // 429: too many wrong codes for that case.
  responses: {
    200: messageSchema.extend({ ticket: z.number() }),
    ...errors(400, 403, 404, 410, 429, 503, ...ALWAYS),
  },
});

// Master data: only x-filial; answered from memory with an ETag (304 on `if-none-match`).
const masterDataHeaders = organizationHeaders.extend({ 'if-none-match': z.string().optional() });
const cached = <S extends z.ZodType>(schema: S) => ({
  200: schema,
  304: noBody,
  ...errors(400, ...ALWAYS),
});

export const zones = endpoint({
  method: 'GET',
  path: '/v1/datos-maestros/zonas',
  tag: masterData,
  access: 'organization',
  summary: 'Zonas con sus agencias',
  headers: masterDataHeaders,
  responses: cached(z.array(zonaSchema)),
});

export const zonePlaces = endpoint({
  method: 'GET',
  path: '/v1/datos-maestros/zonas/lugares',
  tag: masterData,
  access: 'organization',
  summary: 'Zonas con sus lugares (incluye «Otro», -1)',
  headers: masterDataHeaders,
  responses: cached(z.array(zonaConLugaresSchema)),
});

export const zoneAgencies = endpoint({
  method: 'GET',
  path: '/v1/datos-maestros/agencias/zona/:zone',
  tag: masterData,
  access: 'organization',
  summary: 'Agencias de una zona',
  headers: masterDataHeaders,
  params: z.object({ zone: z.coerce.number().int('La zona indicada no es válida.') }),
  responses: { 200: z.array(agenciaSchema), 304: noBody, ...errors(400, 404, ...ALWAYS) },
});

export const offenceCategories = endpoint({
  method: 'GET',
  path: '/v1/datos-maestros/delitos',
  tag: masterData,
  access: 'organization',
  summary: 'Categorías con sus tipos de denuncia',
  headers: masterDataHeaders,
  responses: cached(z.array(categoriaDelitosSchema)),
});

export const relationOptions = endpoint({
  method: 'GET',
  path: '/v1/datos-maestros/relacion-organizacion',
  tag: masterData,
  access: 'organization',
  summary: 'Opciones de relación con la organización',
  headers: masterDataHeaders,
  responses: cached(z.array(opcionSimpleSchema)),
});

export const recognitionOptions = endpoint({
  method: 'GET',
  path: '/v1/datos-maestros/reconoce-involucrados',
  tag: masterData,
  access: 'organization',
  summary: 'Opciones de reconocimiento de los involucrados',
  headers: masterDataHeaders,
  responses: cached(z.array(opcionSimpleSchema)),
});

export const portal = {
  createComplaint,
  openPendingFiling,
  login,
  complainantSignOut,
  complaintDetail,
  complaintAttachments,
  addComment,
  requestReplacement,
  reportRetaliation,
  uploadFiles,
  complaintStatus,
  recoverCodes,
  requestPasswordReset,
  resetPassword,
  activateComplaint,
  zones,
  zonePlaces,
  zoneAgencies,
  offenceCategories,
  relationOptions,
  recognitionOptions,
} as const;
