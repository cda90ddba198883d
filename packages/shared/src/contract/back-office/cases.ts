// Cases of the back office: inbox, case view, files, status, dialogue, assignment, milestones.
import { z } from 'zod';
import { COMPLAINT_CHANNELS, COMPLAINT_STATUSES, MAX_FILES_PER_REQUEST } from '../../constants';
import { staffCommentSchema, statusChangeSchema } from '../../schemas/staff';
import { VIEWABLE_CONTENT_TYPES } from '../../files';
import { denunciaCamposSchema } from '../../wire';
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

const tag = 'Gestión: casos';

export const INBOX_MAX_PAGE = 100;

/** The inbox's query string: every filter optional; pages of at most 100. */
export const inboxQuerySchema = z
  .object({
    ...periodFilters,
    estado: z.enum(COMPLAINT_STATUSES, { error: 'El estado indicado no es válido.' }).optional(),
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
  })
  .refine(...validPeriod);

/** The summary of a case, as the inbox and the case view show it. */
export const caseSummarySchema = z.object({
  /** The case id (back-office paths use it; the ticket never leaves the portal). */
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
   * ISO 8601 instant; for an anonymous complaint only the day it was filed, yyyy-mm-dd in Chile
   * (the exact minute can tell who filed).
   */
  fecha_ingreso: z.string(),
  /** yyyy-mm-dd, or null when nothing is pending. */
  proximo_vencimiento: z.string().nullable(),
  vencido: z.boolean(),
  /** Due within the legal "soon" window (working days). */
  por_vencer: z.boolean(),
  asignado: namedRefSchema.nullable(),
});
export type CaseSummaryWire = z.infer<typeof caseSummarySchema>;

export const inboxPageSchema = z.object({
  total: z.number(),
  limite: z.number(),
  desplazamiento: z.number(),
  casos: z.array(caseSummarySchema),
});
export type InboxPageWire = z.infer<typeof inboxPageSchema>;

/** A log entry as staff read it (visible to the complainant or internal). */
export const caseLogEntrySchema = z.object({
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
  responsable: z.enum(['empleador', 'direccion_del_trabajo']),
  /** Closing the case records it, on the day of closing, unless it was recorded before. */
  registra_cierre: z.boolean(),
  /** A duty after closing: on a closed case it stays pending, shown and mailed until recorded. */
  tras_cierre: z.boolean(),
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

export const caseViewSchema = z.object({
  caso: caseSummarySchema.extend({
    fecha_respuesta: z.string().nullable(),
    /** ISO 8601 instant or null. */
    fecha_cierre: z.string().nullable(),
    resolucion: z.string().nullable(),
    exclusiones: z.array(namedRefSchema),
  }),
  /** `email` is null for an anonymous complaint: staff never see the address. */
  denuncia: denunciaCamposSchema,
  bitacora: z.object({
    visible: z.array(caseLogEntrySchema),
    interna: z.array(caseLogEntrySchema),
  }),
  archivos: z.array(caseFileSchema),
  hitos: z.array(milestoneSchema),
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

/** 404: the case does not exist or the person may not see it; 409: the case is closed or unchanged. */
const WRITE = [400, 404, 409, ...SIGNED_IN_WRITE] as const;

export const inbox = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos',
  tag,
  access: 'staff',
  summary: 'Bandeja: filtros, orden por próximo vencimiento, paginada',
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
  responses: { 200: caseViewSchema, ...errors(400, 404, ...SIGNED_IN) },
});

export const downloadCaseFile = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos/:id/archivos/:fileId',
  tag,
  access: 'staff',
  summary: 'Descarga un archivo (imágenes sin metadatos; auditada)',
  headers: staffHeaders,
  params: fileParams,
  responses: { 200: binary(FILE_CONTENT_TYPES), ...errors(400, 404, ...SIGNED_IN) },
});

export const viewCaseFile = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos/:id/archivos/:fileId/vista',
  tag,
  access: 'staff',
  summary:
    'Muestra en el navegador una imagen o un PDF (copia sin metadatos, en un documento aislado; auditada). Otros tipos: 415, solo descarga',
  headers: staffHeaders,
  params: fileParams,
  responses: {
    200: binary(VIEWABLE_CONTENT_TYPES, false),
    ...errors(400, 404, 415, ...SIGNED_IN),
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

export const cases = {
  inbox,
  viewCase,
  downloadCaseFile,
  viewCaseFile,
  changeStatus,
  replyToComplainant,
  replyWithFiles,
  addInternalNote,
  assignCase,
  excludeFromCase,
  removeExclusion,
  recordMilestone,
} as const;
