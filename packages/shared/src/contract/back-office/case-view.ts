// One case as staff read it: the case view, its files and its dossier.
import { z } from 'zod';
import { VIEWABLE_CONTENT_TYPES } from '../../files';
import { denunciaCamposSchema, denunciaLey21643Schema } from '../../wire';
import { binary, endpoint, errors } from '../core';
import { FILE_CONTENT_TYPES } from '../files';
import { SIGNED_IN, idParamSchema, namedRefSchema, staffHeaders } from './common';
import { openReplacementRequestSchema } from './requests';
import { CASES_TAG as tag, caseSummarySchema } from './cases-inbox';

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
  /** Every report of retaliation after closing of the case, oldest first (decision 0060). */
  represalias: z.array(
    z.object({
      id: z.number(),
      /** yyyy-mm-dd (Chile): the day it was reported. */
      fecha: z.string(),
      /** yyyy-mm-dd: the day it is due. */
      vence: z.string(),
      /** Due and not attended. */
      vencida: z.boolean(),
      /** When someone of the team recorded it attended, and who (null: a person since erased); null while open. */
      atendido: z.object({ fecha: z.string(), por: z.string().nullable() }).nullable(),
    }),
  ),
});
export type CaseViewWire = z.infer<typeof caseViewSchema>;

const fileParams = idParamSchema.extend({
  fileId: z.uuid({ error: 'El archivo solicitado no existe.' }),
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
