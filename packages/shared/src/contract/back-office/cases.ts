// Cases of the back office: inbox, case view, files, status, dialogue, assignment, milestones.
import { z } from 'zod';
import { COMPLAINT_CHANNELS, COMPLAINT_STATUSES, MAX_FILES_PER_REQUEST } from '../../constants';
import {
  CASE_PRIORITIES,
  caseTagSchema,
  casePrioritySchema,
  caseTagsSchema,
  reclassificationSchema,
  staffCommentSchema,
  statusChangeSchema,
} from '../../schemas/staff';
import { VIEWABLE_CONTENT_TYPES } from '../../files';
import { denunciaCamposSchema, denunciaLey21643Schema } from '../../wire';
import { binary, endpoint, errors, messageSchema } from '../core';
import { FILE_CONTENT_TYPES } from '../files';
import {
  SIGNED_IN,
  SIGNED_IN_WRITE,
  idParamSchema,
  namedRefSchema,
  periodFilters,
  staffHeaders,
  validPeriod,
} from './common';
import { openReplacementRequestSchema } from './requests';

const tag = 'Gestión: casos';

export const INBOX_MAX_PAGE = 100;

/**
 * The columns the inbox sorts by (the only ones: anything else is refused), each one a column of
 * the inbox table. `vencimiento` (next legal due date, ascending) is the default.
 */
export const INBOX_SORTS = [
  'numero',
  'organizacion',
  'tipo',
  'estado',
  'vencimiento',
  'asignado',
  'ingreso',
  'prioridad',
] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

/** The inbox's query string: every filter optional; pages of at most 100. */
export const inboxQuerySchema = z
  .object({
    ...periodFilters,
    /**
     * A case number (whole or part: `CEM-2026-00001`, `00001`), a ticket code (all 12 digits), or
     * the complainant's RUT or e-mail (exact, in any usual format; found through keyed blind
     * indexes, never in anonymous complaints).
     */
    buscar: z
      .string()
      .trim()
      .min(1, { error: 'Escriba qué buscar.' })
      .max(254, { error: 'La búsqueda puede tener como máximo 254 caracteres.' })
      .optional(),
    estado: z.enum(COMPLAINT_STATUSES, { error: 'El estado indicado no es válido.' }).optional(),
    /** Cases carrying this tag (normalised as tags are stored). */
    etiqueta: caseTagSchema.optional(),
    prioridad: z
      .enum(CASE_PRIORITIES, { error: 'La prioridad debe ser baja, media, alta o crítica.' })
      .optional(),
    categoria: z.coerce.number({ error: 'La categoría no es válida.' }).int().positive().optional(),
    tipo: z.coerce.number({ error: 'El tipo no es válido.' }).int().positive().optional(),
    vencidos: z
      .enum(['true', 'false'], { error: 'El filtro de vencidos debe ser true o false.' })
      .optional(),
    asignado: z
      .string()
      .regex(/^(\d+|yo|ninguno)$/, {
        error: 'El filtro de asignación debe ser un id, «yo» o «ninguno».',
      })
      .optional(),
    orden: z
      .enum(INBOX_SORTS, {
        error: `Solo se puede ordenar por: ${INBOX_SORTS.join(', ')}.`,
      })
      .optional(),
    direccion: z
      .enum(['asc', 'desc'], { error: 'La dirección del orden debe ser asc o desc.' })
      .optional(),
    limite: z.coerce
      .number({ error: 'El límite no es válido.' })
      .int()
      .min(1, { error: 'El límite debe ser al menos 1.' })
      .max(INBOX_MAX_PAGE, { error: `El límite puede ser como máximo ${INBOX_MAX_PAGE}.` })
      .default(25),
    desplazamiento: z.coerce
      .number({ error: 'El desplazamiento no es válido.' })
      .int()
      .min(0, { error: 'El desplazamiento no puede ser negativo.' })
      .default(0),
    /**
     * Keyset paging (decision 0025): `inicio` for the first page, then the `siguiente` of the
     * page before. The page starts after that case in the same order, whatever its depth, and the
     * total is not counted (`total: null`); `desplazamiento` is ignored.
     */
    despues: z
      .string()
      .regex(/^(inicio|[A-Za-z0-9_-]{1,512})$/, { error: 'El cursor de la página no es válido.' })
      .optional(),
  })
  .refine(...validPeriod);

/**
 * What a saved view keeps: the inbox's filters and order, checked as the inbox checks them. Never
 * the search text: it may be a RUT or an address, which would then be stored in clear.
 */
export const savedViewFiltersSchema = z.strictObject(
  {
    organizacion: periodFilters.organizacion,
    desde: periodFilters.desde,
    hasta: periodFilters.hasta,
    estado: inboxQuerySchema.shape.estado,
    etiqueta: inboxQuerySchema.shape.etiqueta,
    prioridad: inboxQuerySchema.shape.prioridad,
    categoria: inboxQuerySchema.shape.categoria,
    tipo: inboxQuerySchema.shape.tipo,
    vencidos: inboxQuerySchema.shape.vencidos,
    asignado: inboxQuerySchema.shape.asignado,
    orden: inboxQuerySchema.shape.orden,
    direccion: inboxQuerySchema.shape.direccion,
  },
  { error: 'Una vista guarda solo filtros y orden de la bandeja (no la búsqueda).' },
);

/** A saved view as answered: the filters as they were checked and stored (no transforms: answers are encoded). */
export const savedViewSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  filtros: z.object({
    organizacion: z.string().optional(),
    desde: z.string().optional(),
    hasta: z.string().optional(),
    estado: z.enum(COMPLAINT_STATUSES).optional(),
    etiqueta: z.string().optional(),
    prioridad: z.enum(CASE_PRIORITIES).optional(),
    categoria: z.number().optional(),
    tipo: z.number().optional(),
    vencidos: z.enum(['true', 'false']).optional(),
    asignado: z.string().optional(),
    orden: z.enum(INBOX_SORTS).optional(),
    direccion: z.enum(['asc', 'desc']).optional(),
  }),
});
export type SavedViewWire = z.infer<typeof savedViewSchema>;

export const newSavedViewSchema = z.object({
  nombre: z
    .string({ error: 'Debe darle un nombre a la vista.' })
    .trim()
    .min(1, { error: 'Debe darle un nombre a la vista.' })
    .max(60, { error: 'El nombre puede tener como máximo 60 caracteres.' }),
  filtros: savedViewFiltersSchema,
});

/** The summary of a case, as the inbox and the case view show it. */
export const caseSummarySchema = z.object({
  /**
   * The case id (back-office paths use it; the ticket never leaves the portal): random for cases
   * filed since issue 25, so that ids tell no order of filing.
   */
  id: z.number(),
  numero: z.string(),
  organizacion: z.object({ id: z.string(), nombre: z.string() }),
  estado: z.enum(COMPLAINT_STATUSES),
  categoria: z.string().nullable(),
  tipo: z.string().nullable(),
  tipo_id: z.number(),
  anonima: z.boolean(),
  /** How it was received: `portal`, or recorded by staff (`verbal`, `escrito`, `presencial`). */
  canal: z.enum(COMPLAINT_CHANNELS),
  /**
   * The day it was received, yyyy-mm-dd in Chile, for every case in the inbox: beside identified
   * cases' instants a list would place an anonymous one (issue 25). On the case page, an
   * identified case's ISO 8601 instant; an anonymous one's day (the minute can tell who filed).
   */
  fecha_ingreso: z.string(),
  /** yyyy-mm-dd, or null when nothing is pending. */
  proximo_vencimiento: z.string().nullable(),
  vencido: z.boolean(),
  /** Due within the legal "soon" window (working days). */
  por_vencer: z.boolean(),
  asignado: namedRefSchema.nullable(),
  /** Set by staff; null until someone does. */
  prioridad: z.enum(CASE_PRIORITIES).nullable(),
  /** Staff's free labels, in alphabetical order. */
  etiquetas: z.array(z.string()),
  /**
   * "Se debe derivar a la Dirección del Trabajo": a Law 21.643 complaint against the employer's
   * manager or legal representative (decision 0021).
   */
  derivar_dt: z.boolean(),
});
export type CaseSummaryWire = z.infer<typeof caseSummarySchema>;

export const inboxPageSchema = z.object({
  /** Cases that match; null on a keyset page (`despues`), which does not count them. */
  total: z.number().nullable(),
  limite: z.number(),
  desplazamiento: z.number(),
  casos: z.array(caseSummarySchema),
  /** The `despues` of the next page; null on the last one. */
  siguiente: z.string().nullable(),
});
export type InboxPageWire = z.infer<typeof inboxPageSchema>;

/** A log entry as staff read it (visible to the complainant or internal). */
export const caseLogEntrySchema = z.object({
  /** Its place in the case's log, from 1 (row ids, one sequence for all cases, tell an order). */
  id: z.number(),
  evento: z.string(),
  comentario: z.string().nullable(),
  autor: z.string(),
  /** The staff member who wrote it, if any. */
  personal: z.string().nullable(),
  /** ISO 8601 instant; yyyy-mm-dd (Chile) for what the complainant of an anonymous complaint did. */
  fecha: z.string(),
});

export const MILESTONE_STATES = ['done', 'pending', 'soon', 'overdue', 'no_registrado'] as const;

export const milestoneSchema = z.object({
  clave: z.string(),
  nombre: z.string(),
  /** yyyy-mm-dd */
  vence: z.string(),
  estado: z.enum(MILESTONE_STATES),
  /** yyyy-mm-dd or null */
  completado: z.string().nullable(),
  atrasado: z.boolean(),
  por_silencio: z.boolean(),
  provisorio: z.boolean(),
  informa_denunciante: z.boolean(),
  se_informa: z.string().nullable(),
  /** Recorded by the system itself (the acknowledgement, when the confirmation mail is queued). */
  por_sistema: z.boolean(),
  responsable: z.enum(['empleador', 'direccion_del_trabajo']),
  /** Closing the case records it, on the day of closing, unless it was recorded before. */
  registra_cierre: z.boolean(),
  /** A duty after closing: on a closed case it stays pending, shown and mailed until recorded. */
  tras_cierre: z.boolean(),
  /** What this case adds to the milestone (the decision: the case must go to the DT), or null. */
  nota: z.string().nullable(),
});

export const caseFileSchema = z.object({
  id: z.string(),
  /** As received; for an anonymous complaint Archivo{n}.{ext}, as the complainant sees it. */
  nombre: z.string(),
  mimetype: z.string(),
  /** Bytes. */
  tamano: z.number(),
  /** ISO 8601 instant; yyyy-mm-dd (Chile) in an anonymous complaint. */
  fecha: z.string(),
  /** The back-office download path of the file. */
  url: z.string(),
  /** Sent by the team with a reply (the complainant downloads it from the portal). */
  del_equipo: z.boolean(),
});

/** How a linked case relates to the one shown. */
export const CASE_LINK_KINDS = ['duplicado_de', 'tiene_duplicado', 'relacionado'] as const;

export const caseLinkSchema = z.object({
  id: z.number(),
  numero: z.string(),
  /** This case is a duplicate of it, it is a duplicate of this case, or they are related. */
  tipo: z.enum(CASE_LINK_KINDS),
});

export const newCaseLinkSchema = z.object({
  numero: z
    .string({ error: 'Debe indicar el número del otro caso.' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'Debe indicar el número del otro caso.' })
    .max(40, { error: 'El número de caso no es válido.' }),
  tipo: z.enum(['duplicado_de', 'relacionado'], {
    error: 'El vínculo debe ser duplicado_de o relacionado.',
  }),
});

export const caseViewSchema = z.object({
  caso: caseSummarySchema.extend({
    /** Other cases linked to this one that the person may see. */
    vinculos: z.array(caseLinkSchema),
    fecha_respuesta: z.string().nullable(),
    /** ISO 8601 instant or null. */
    fecha_cierre: z.string().nullable(),
    resolucion: z.string().nullable(),
    exclusiones: z.array(namedRefSchema),
  }),
  /**
   * `email` is null for an anonymous complaint: staff never see the address. With the accused and
   * the representation of a Law 21.643 complaint (decision 0021).
   */
  denuncia: denunciaCamposSchema.extend(denunciaLey21643Schema.shape),
  bitacora: z.object({
    visible: z.array(caseLogEntrySchema),
    interna: z.array(caseLogEntrySchema),
  }),
  archivos: z.array(caseFileSchema),
  hitos: z.array(milestoneSchema),
  /** The complainant's request to replace the investigator still open, or null (decision 0022). */
  solicitud_reemplazo: openReplacementRequestSchema.nullable(),
});
export type CaseViewWire = z.infer<typeof caseViewSchema>;

export const assignmentSchema = z.object({
  usuario_id: z.number({ error: 'Debe indicar a la persona o null.' }).int().positive().nullable(),
});

export const milestoneRecordSchema = z.object({
  fecha: z.string({ error: 'Debe indicar la fecha del hito.' }),
  comentario: z.string().max(5000).optional(),
});

const fileParams = idParamSchema.extend({
  fileId: z.uuid({ error: 'El archivo solicitado no existe.' }),
});
const exclusionParams = idParamSchema.extend({
  userId: z.coerce.number({ error: 'El usuario no es válido.' }).int().positive(),
});
const milestoneParams = idParamSchema.extend({ clave: z.string().max(40) });

/**
 * 404: the case does not exist or the person may not see it; 409: the case is closed or unchanged;
 * 410: erased at the end of its retention period; 423: blocked (Law 21.719, decision 0046).
 */
const WRITE = [400, 404, 409, 410, 423, ...SIGNED_IN_WRITE] as const;

export const inbox = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos',
  tag,
  access: 'staff',
  summary:
    'Bandeja: búsqueda, filtros, orden por columna (por omisión, próximo vencimiento), paginada',
  headers: staffHeaders,
  querystring: inboxQuerySchema,
  responses: { 200: inboxPageSchema, ...errors(400, ...SIGNED_IN) },
});

export const viewCase = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos/:id',
  tag,
  access: 'staff',
  summary: 'Un caso completo (la consulta queda auditada)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: caseViewSchema, ...errors(400, 404, 410, 423, ...SIGNED_IN) },
});

export const downloadCaseFile = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos/:id/archivos/:fileId',
  tag,
  access: 'staff',
  summary:
    'Descarga un archivo (copia sin metadatos; auditada). 422: la copia sin metadatos excede los límites de procesamiento y no se entrega',
  headers: staffHeaders,
  params: fileParams,
  responses: {
    200: binary(FILE_CONTENT_TYPES),
    ...errors(400, 404, 410, 422, 423, ...SIGNED_IN),
  },
});

export const downloadCaseDossier = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos/:id/expediente',
  tag,
  access: 'staff',
  summary:
    'Expediente del caso para la Dirección del Trabajo o un tribunal: un ZIP con el PDF del caso (datos, bitácoras, hitos, auditoría) y sus archivos (auditada)',
  headers: staffHeaders,
  params: idParamSchema,
  // 503: its PDF went past the limits of time, memory or size, or too many wait (decision 0029).
  responses: {
    200: binary(['application/zip']),
    ...errors(400, 404, 410, 423, 503, ...SIGNED_IN),
  },
});

export const viewCaseFile = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos/:id/archivos/:fileId/vista',
  tag,
  access: 'staff',
  summary:
    'Muestra en el navegador una imagen o un PDF (copia sin metadatos, en un documento aislado; auditada). Otros tipos: 415, solo descarga; 422 como en la descarga',
  headers: staffHeaders,
  params: fileParams,
  responses: {
    200: binary(VIEWABLE_CONTENT_TYPES, false),
    ...errors(400, 404, 410, 415, 422, 423, ...SIGNED_IN),
  },
});

export const changeStatus = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/estado',
  tag,
  access: 'staff',
  summary:
    'Cambia el estado con un comentario (Cerrada exige resolución y, si quedan hitos abiertos, confirmarlos en hitos_confirmados: si no, 409 que los nombra)',
  headers: staffHeaders,
  params: idParamSchema,
  body: statusChangeSchema,
  responses: { 201: messageSchema, ...errors(...WRITE) },
});

export const replyToComplainant = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/respuestas',
  tag,
  access: 'staff',
  summary: 'Respuesta visible para la persona denunciante',
  headers: staffHeaders,
  params: idParamSchema,
  body: staffCommentSchema,
  responses: { 201: messageSchema, ...errors(...WRITE) },
});

export const replyWithFiles = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/respuestas/archivos',
  tag,
  access: 'staff',
  summary:
    'Respuesta visible con archivos del equipo (multipart: parte JSON «respuesta» y partes «files»; mismos tipos y límites que los de la persona denunciante)',
  headers: staffHeaders,
  params: idParamSchema,
  multipart: {
    json: { field: 'respuesta', schema: staffCommentSchema },
    files: { field: 'files', max: MAX_FILES_PER_REQUEST },
  },
  responses: { 201: messageSchema, ...errors(413, 415, ...WRITE) },
});

export const addInternalNote = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/notas',
  tag,
  access: 'staff',
  summary: 'Nota interna (no la ve la persona denunciante)',
  headers: staffHeaders,
  params: idParamSchema,
  body: staffCommentSchema,
  responses: { 201: messageSchema, ...errors(...WRITE) },
});

export const assignCase = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/asignacion',
  tag,
  access: 'staff',
  summary: 'Asigna el caso (o lo deja sin asignar con null)',
  headers: staffHeaders,
  params: idParamSchema,
  body: assignmentSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const excludeFromCase = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/exclusiones/:userId',
  tag,
  access: 'staff',
  summary: 'Excluye a una persona del caso (administradores)',
  headers: staffHeaders,
  params: exclusionParams,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const removeExclusion = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/casos/:id/exclusiones/:userId',
  tag,
  access: 'staff',
  summary: 'Quita una exclusión (administradores)',
  headers: staffHeaders,
  params: exclusionParams,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const reclassifyCase = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/tipo',
  tag,
  access: 'staff',
  summary:
    'Cambia el tipo de denuncia con un motivo (bitácora interna y auditoría); los plazos legales pasan a ser los del nuevo tipo, contados desde el ingreso',
  headers: staffHeaders,
  params: idParamSchema,
  body: reclassificationSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const recordMilestone = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/hitos/:clave',
  tag,
  access: 'staff',
  summary:
    'Registra la fecha en que se cumplió un hito legal (en un caso cerrado, solo los posteriores al cierre)',
  headers: staffHeaders,
  params: milestoneParams,
  body: milestoneRecordSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const setCasePriority = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/prioridad',
  tag,
  access: 'staff',
  summary: 'Fija la prioridad (riesgo) del caso, o la quita con null (auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  body: casePrioritySchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const setCaseTags = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/etiquetas',
  tag,
  access: 'staff',
  summary: 'Reemplaza las etiquetas del caso (lo agregado y quitado queda auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  body: caseTagsSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

const viewTag = 'Gestión: vistas guardadas';

export const listSavedViews = endpoint({
  method: 'GET',
  path: '/v1/gestion/vistas',
  tag: viewTag,
  access: 'staff',
  summary: 'Las vistas guardadas de la bandeja de quien llama, por nombre',
  headers: staffHeaders,
  responses: { 200: z.array(savedViewSchema), ...errors(...SIGNED_IN) },
});

export const saveView = endpoint({
  method: 'POST',
  path: '/v1/gestion/vistas',
  tag: viewTag,
  access: 'staff',
  summary: 'Guarda los filtros y el orden actuales con un nombre (el mismo nombre la reemplaza)',
  headers: staffHeaders,
  body: newSavedViewSchema,
  responses: { 201: savedViewSchema, ...errors(400, ...SIGNED_IN_WRITE) },
});

export const deleteSavedView = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/vistas/:id',
  tag: viewTag,
  access: 'staff',
  summary: 'Borra una vista guardada propia',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: messageSchema, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

const linkParams = idParamSchema.extend({
  linkedId: z.coerce.number({ error: 'El caso vinculado no es válido.' }).int().positive(),
});

export const linkCase = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/vinculos',
  tag,
  access: 'staff',
  summary: 'Marca el caso como duplicado de otro, o relacionado con otro, por su número (auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  body: newCaseLinkSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const unlinkCase = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/casos/:id/vinculos/:linkedId',
  tag,
  access: 'staff',
  summary: 'Quita el vínculo entre dos casos (auditado)',
  headers: staffHeaders,
  params: linkParams,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const cases = {
  inbox,
  viewCase,
  downloadCaseFile,
  downloadCaseDossier,
  viewCaseFile,
  changeStatus,
  replyToComplainant,
  replyWithFiles,
  addInternalNote,
  assignCase,
  excludeFromCase,
  removeExclusion,
  recordMilestone,
  setCasePriority,
  setCaseTags,
  listSavedViews,
  saveView,
  deleteSavedView,
  linkCase,
  unlinkCase,
  reclassifyCase,
} as const;
