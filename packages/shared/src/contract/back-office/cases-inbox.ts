// The back office's inbox of cases: its query, page and sort, and the saved views of it.
import { z } from 'zod';
import { COMPLAINT_CHANNELS, COMPLAINT_STATUSES } from '../../constants';
import { CASE_PRIORITIES, caseTagSchema } from '../../schemas/staff';
import { endpoint, errors, messageSchema } from '../core';
import {
  SIGNED_IN,
  SIGNED_IN_WRITE,
  idParamSchema,
  namedRefSchema,
  periodFilters,
  staffHeaders,
  validPeriod,
} from './common';

/** The OpenAPI tag of every case endpoint (cases-inbox, case-view, case-actions). */
export const CASES_TAG = 'Gestión: casos';
const tag = CASES_TAG;

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
  casos: z.array(
    caseSummarySchema.extend({
      /** The name of the milestone due on `proximo_vencimiento`, or null when nothing is pending. */
      proximo_hito: z.string().nullable(),
      /**
       * The complainant's last message (a comment or a file) is not yet read by the team: no
       * administrator or investigator has opened the case page since it arrived (decision 0022).
       */
      novedad_denunciante: z.boolean(),
    }),
  ),
  /** The `despues` of the next page; null on the last one. */
  siguiente: z.string().nullable(),
});
export type InboxPageWire = z.infer<typeof inboxPageSchema>;

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
