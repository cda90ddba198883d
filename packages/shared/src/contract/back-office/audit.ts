// The audit log, for auditors and administrators: entries newest first, and the chain check.
import { z } from 'zod';
import { endpoint, errors } from '../core';
import { SIGNED_IN, staffHeaders } from './common';

const tag = 'Gestión: auditoría';
const auditors = { roles: ['auditor', 'administrador'] } as const;

export const auditPageQuerySchema = z.object({
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
  caso: z.coerce.number({ error: 'El caso no es válido.' }).int().positive().optional(),
  usuario: z.coerce.number({ error: 'El usuario no es válido.' }).int().positive().optional(),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  accion: z.string(),
  usuario: z
    .object({ id: z.number(), nombre: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  caso_id: z.number().nullable(),
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

export const audit = { auditLog, verifyAuditChain } as const;
