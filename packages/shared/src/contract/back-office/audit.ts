// The audit log, for auditors and administrators: entries newest first, and the chain check.
import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../audit-actions';
import { binary, endpoint, errors } from '../core';
import { auditCheckpointSchema } from '../proof';
import { SIGNED_IN, periodFilters, staffHeaders, validPeriod } from './common';

const tag = 'Gestión: auditoría';
const auditors = { roles: ['auditor', 'administrador'] } as const;

/** What the log can be filtered by; the export takes the same filters. */
const auditFilters = {
  caso: z.coerce.number({ error: 'El caso no es válido.' }).int().positive().optional(),
  usuario: z.coerce.number({ error: 'El usuario no es válido.' }).int().positive().optional(),
  /** Part of the person's name or e-mail. */
  persona: z
    .string()
    .trim()
    .max(100, { error: 'La persona puede tener como máximo 100 caracteres.' })
    .optional(),
  accion: z.enum(AUDIT_ACTIONS, { error: 'La acción indicada no es válida.' }).optional(),
  /** A case number, whole (e.g. CEM-2026-00001). */
  numero_caso: z.string().trim().max(30, { error: 'El número de caso no es válido.' }).optional(),
  desde: periodFilters.desde,
  hasta: periodFilters.hasta,
};

export const auditFiltersSchema = z.object(auditFilters).refine(...validPeriod);

export const auditPageQuerySchema = z
  .object({
    ...auditFilters,
    limite: z.coerce
      .number({ error: 'El límite no es válido.' })
      .int()
      .min(1)
      .max(200, { error: 'El límite puede ser como máximo 200.' })
      .default(50),
    desplazamiento: z.coerce
      .number({ error: 'El desplazamiento no es válido.' })
      .int()
      .min(0)
      .default(0),
  })
  .refine(...validPeriod);

export const auditEntrySchema = z.object({
  id: z.number(),
  /**
   * ISO 8601 instant; yyyy-mm-dd (Chile) for what no staff member did about an anonymous case (a
   * rule's assignment at filing, the complainant's request), as on the case page.
   */
  fecha: z.string(),
  accion: z.string(),
  usuario: z
    .object({ id: z.number(), nombre: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  caso_id: z.number().nullable(),
  /** The case's number (e.g. CEM-2026-00001), or null for an entry without a case. */
  numero_caso: z.string().nullable(),
  /** The action in words. */
  accion_nombre: z.string(),
  /** The detail in words (names, labels and dates, not ids or codes); '' when there is none. */
  resumen: z.string(),
  /** The action's own detail, as recorded (any JSON). */
  detalle: z.unknown(),
  hash: z.string(),
  hash_anterior: z.string(),
});

export const auditPageSchema = z.object({ total: z.number(), entradas: z.array(auditEntrySchema) });
export type AuditPageWire = z.infer<typeof auditPageSchema>;

export const chainCheckSchema = z.object({
  integra: z.boolean(),
  entradas: z.number(),
  primera_rota: z.object({ id: z.number(), reason: z.string() }).nullable(),
});
export type ChainCheckWire = z.infer<typeof chainCheckSchema>;

export const auditLog = endpoint({
  method: 'GET',
  path: '/v1/gestion/auditoria',
  tag,
  access: auditors,
  summary: 'Entradas del registro de auditoría (paginadas)',
  headers: staffHeaders,
  querystring: auditPageQuerySchema,
  responses: { 200: auditPageSchema, ...errors(400, 403, ...SIGNED_IN) },
});

export const verifyAuditChain = endpoint({
  method: 'GET',
  path: '/v1/gestion/auditoria/verificacion',
  tag,
  access: auditors,
  summary: 'Verifica la cadena de hashes; indica la primera entrada rota',
  headers: staffHeaders,
  responses: { 200: chainCheckSchema, ...errors(403, ...SIGNED_IN) },
});

export const exportAuditCsv = endpoint({
  method: 'GET',
  path: '/v1/gestion/auditoria/exportacion.csv',
  tag,
  access: auditors,
  summary: 'Exporta las entradas filtradas del registro de auditoría en CSV (auditada)',
  headers: staffHeaders,
  querystring: auditFiltersSchema,
  responses: { 200: binary(['text/csv; charset=utf-8']), ...errors(400, 403, ...SIGNED_IN) },
});

/** Sizes of the Merkle tree: a leaf count (decision 0066). */
const treeSize = (field: string) =>
  z.coerce
    .number({ error: `El tamaño ${field} no es válido.` })
    .int({ error: `El tamaño ${field} no es válido.` })
    .min(1, { error: `El tamaño ${field} debe ser al menos 1.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `El tamaño ${field} no es válido.` });

export const issueAuditCheckpoint = endpoint({
  method: 'POST',
  path: '/v1/gestion/auditoria/puntos-de-control',
  tag,
  access: auditors,
  summary:
    'Firma ahora un punto de control del registro de auditoría y lo envía a los auditores (auditado)',
  headers: staffHeaders,
  responses: { 200: auditCheckpointSchema, ...errors(403, ...SIGNED_IN) },
});

export const inclusionProofSchema = z.object({
  /** The entry and its place (leaf index, from 0) in the tree. */
  id: z.number(),
  indice: z.number(),
  /** The size of the tree the proof is for: the latest checkpoint's unless asked. */
  tamano: z.number(),
  /** SHA-256(0x00 ‖ entry bytes), base64; the entry bytes as the server encodes them. */
  hoja: z.string(),
  entrada: z.string(),
  /** The audit path (RFC 6962 §2.1.1), base64 hashes from the leaf up. */
  ruta: z.array(z.string()),
  /** The root the path leads to. */
  raiz: z.string(),
  /** The checkpoint of that size, when one was signed. */
  punto_control: auditCheckpointSchema.nullable(),
});
export type InclusionProofWire = z.infer<typeof inclusionProofSchema>;

export const auditInclusionProof = endpoint({
  method: 'GET',
  path: '/v1/gestion/auditoria/:id/prueba',
  tag,
  access: auditors,
  summary:
    'Prueba de inclusión de una entrada del registro de auditoría en el árbol de Merkle (del último punto de control, o del tamaño indicado)',
  headers: staffHeaders,
  params: z.object({
    id: z.coerce
      .number({ error: 'La entrada no es válida.' })
      .int()
      .positive({ error: 'La entrada no es válida.' }),
  }),
  querystring: z.object({ tamano: treeSize('del árbol').optional() }),
  responses: { 200: inclusionProofSchema, ...errors(400, 403, 404, 409, ...SIGNED_IN) },
});

export const consistencyProofSchema = z.object({
  desde: z.number(),
  hasta: z.number(),
  /** The consistency proof (RFC 6962 §2.1.2), base64 hashes. */
  prueba: z.array(z.string()),
  raiz_desde: z.string(),
  raiz_hasta: z.string(),
});
export type ConsistencyProofWire = z.infer<typeof consistencyProofSchema>;

export const auditConsistencyProof = endpoint({
  method: 'GET',
  path: '/v1/gestion/auditoria/consistencia',
  tag,
  access: auditors,
  summary:
    'Prueba de consistencia entre dos tamaños del registro de auditoría: el mayor extiende al menor sin cambiar sus entradas',
  headers: staffHeaders,
  querystring: z
    .object({ desde: treeSize('inicial'), hasta: treeSize('final') })
    .refine((q) => q.desde <= q.hasta, {
      error: 'El tamaño inicial no puede ser mayor que el final.',
      path: ['desde'],
    }),
  responses: { 200: consistencyProofSchema, ...errors(400, 403, 409, ...SIGNED_IN) },
});

/** The most entries one page of the whole log holds (`auditLogLeaves`). */
export const AUDIT_LEAVES_PAGE_MAX = 5000;

export const auditLeavesQuerySchema = z.object({
  /** The page starts after this entry (0: from the first); the last entry of the page before. */
  despues: z.coerce
    .number({ error: 'La entrada desde la que seguir no es válida.' })
    .int({ error: 'La entrada desde la que seguir no es válida.' })
    .min(0, { error: 'La entrada desde la que seguir no es válida.' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'La entrada desde la que seguir no es válida.' })
    .default(0),
  limite: z.coerce
    .number({ error: 'El límite no es válido.' })
    .int({ error: 'El límite no es válido.' })
    .min(1, { error: 'El límite debe ser al menos 1.' })
    .max(AUDIT_LEAVES_PAGE_MAX, {
      error: `El límite puede ser como máximo ${AUDIT_LEAVES_PAGE_MAX}.`,
    })
    .default(1000),
});

/**
 * One entry of the whole log, with what recomputes its leaf and checks its link (decision 0073):
 * its fields as hashed when the reader may see the entry, else only the leaf the server computed.
 */
export const auditLeafEntrySchema = z.object({
  id: z.number(),
  hash: z.string(),
  hash_anterior: z.string(),
  /** 1: plain SHA-256 link; 2: keyed link (the server's key). */
  version_cadena: z.number(),
  /** The fields the leaf and the chain hash, as stored; null for an entry the reader may not see. */
  contenido: z
    .object({
      /** ISO 8601 UTC instant with milliseconds, as hashed. */
      fecha: z.string(),
      accion: z.string(),
      usuario_id: z.number().nullable(),
      caso_id: z.number().nullable(),
      /** The detail's stored text (canonical JSON). */
      detalle: z.string(),
    })
    .nullable(),
  /** For an entry the reader may not see: its leaf, computed by the server from the row (base64). */
  hoja: z.string().nullable(),
  /** Its leaf in the tree the server keeps (base64) and its index from 0; null when it has none. */
  hoja_guardada: z.string().nullable(),
  indice: z.number().nullable(),
});

export const auditLeavesPageSchema = z.object({
  /** In id order; fewer than `limite` (or none) at the end of the log. */
  entradas: z.array(auditLeafEntrySchema),
});
export type AuditLeavesPageWire = z.infer<typeof auditLeavesPageSchema>;

export const auditLogLeaves = endpoint({
  method: 'GET',
  path: '/v1/gestion/auditoria/hojas',
  tag,
  access: auditors,
  summary:
    'El registro de auditoría completo en orden, por páginas, con lo que recalcula cada hoja del árbol de Merkle, para verificarlo contra un punto de control firmado (la primera página queda auditada)',
  headers: staffHeaders,
  querystring: auditLeavesQuerySchema,
  responses: { 200: auditLeavesPageSchema, ...errors(400, 403, ...SIGNED_IN) },
});

export const audit = {
  auditLog,
  verifyAuditChain,
  exportAuditCsv,
  issueAuditCheckpoint,
  auditInclusionProof,
  auditConsistencyProof,
  auditLogLeaves,
} as const;
