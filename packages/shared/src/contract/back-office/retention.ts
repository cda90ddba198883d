// Retention, legal holds and blocking (Law 21.719, issue 19, decision 0046). Setting and lifting a
// hold or a block: administrators only, audited. What the page shows needs no case content, so it
// answers for an erased or blocked case too.
import { z } from 'zod';
import { endpoint, errors, messageSchema } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, namedRefSchema, staffHeaders } from './common';

const tag = 'Gestión: conservación y bloqueo';
const administrators = { roles: ['administrador'] } as const;

export const RESTRICTION_REASON_MAX = 500;

/** The reason of a legal hold or a block: a lawsuit, a DT inquiry, a person's request. */
export const restrictionReasonSchema = z.object({
  motivo: z
    .string({ error: 'Indique el motivo.' })
    .trim()
    .min(3, { error: 'Indique el motivo (al menos 3 caracteres).' })
    .max(RESTRICTION_REASON_MAX, {
      error: `El motivo admite como máximo ${RESTRICTION_REASON_MAX} caracteres.`,
    }),
});

const restrictionSchema = z.object({
  motivo: z.string(),
  por: z.string().nullable(),
  /** When it was set (ISO instant). */
  desde: z.string(),
});

/** What stays of an erased case: no personal data. */
export const tombstoneSchema = z.object({
  numero: z.string(),
  organizacion: namedRefSchema.extend({ id: z.string() }),
  categoria: z.string().nullable(),
  tipo: z.string().nullable(),
  estado: z.string(),
  anonima: z.boolean(),
  /** Days in Chile, yyyy-mm-dd. */
  recibida: z.string(),
  cerrada: z.string().nullable(),
  eliminada: z.string(),
});
export type TombstoneWire = z.infer<typeof tombstoneSchema>;

export const caseRetentionSchema = z.object({
  /** Set once the retention sweep erased the case: then nothing else of it exists. */
  eliminado: tombstoneSchema.nullable(),
  /** The legal hold standing, if any: the case is not erased while it stands. */
  conservacion: restrictionSchema.nullable(),
  /** The block standing, if any: nobody views or exports the case's content. */
  bloqueo: restrictionSchema.nullable(),
  /** yyyy-mm-dd: the day the retention period of a closed case ends (null: open, or erased). */
  vence: z.string().nullable(),
});
export type CaseRetentionWire = z.infer<typeof caseRetentionSchema>;

export const viewCaseRetention = endpoint({
  method: 'GET',
  path: '/v1/gestion/casos/:id/conservacion',
  tag,
  access: 'staff',
  summary:
    'Conservación del caso: su plazo, la retención legal o el bloqueo vigentes y, si fue eliminado, lo que queda (sin datos personales)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: caseRetentionSchema, ...errors(400, 404, ...SIGNED_IN) },
});

// 409: already set (or not set, to lift); 410: the case was erased.
const CHANGE = [400, 404, 409, 410, ...SIGNED_IN_WRITE] as const;

export const setLegalHold = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/conservacion',
  tag,
  access: administrators,
  summary:
    'Pone el caso bajo retención legal (una demanda, una fiscalización de la DT): no se elimina mientras dure (auditada)',
  headers: staffHeaders,
  params: idParamSchema,
  body: restrictionReasonSchema,
  responses: { 200: messageSchema, ...errors(...CHANGE) },
});

export const liftLegalHold = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/casos/:id/conservacion',
  tag,
  access: administrators,
  summary: 'Levanta la retención legal del caso (auditada)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: messageSchema, ...errors(...CHANGE) },
});

export const setCaseBlock = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/bloqueo',
  tag,
  access: administrators,
  summary:
    'Bloquea el caso (Ley 21.719): conserva sus datos, pero nadie puede verlo ni exportarlo (auditada)',
  headers: staffHeaders,
  params: idParamSchema,
  body: restrictionReasonSchema,
  responses: { 200: messageSchema, ...errors(...CHANGE) },
});

export const liftCaseBlock = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/casos/:id/bloqueo',
  tag,
  access: administrators,
  summary: 'Levanta el bloqueo del caso (auditada)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: messageSchema, ...errors(...CHANGE) },
});

export const retention = {
  viewCaseRetention,
  setLegalHold,
  liftLegalHold,
  setCaseBlock,
  liftCaseBlock,
} as const;
