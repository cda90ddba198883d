// Routing rules of new-complaint alerts (issue 11): administrators only, every change audited.
import { z } from 'zod';
import { alertRuleInputSchema } from '../../schemas/alert-rules';
import { endpoint, errors, noBody } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, namedRefSchema, staffHeaders } from './common';

const tag = 'Gestión: avisos de denuncias nuevas';
const administrators = { roles: ['administrador'] } as const;

export const alertRuleSchema = z.object({
  id: z.number(),
  /** Organisation id (GUID). */
  organizacion: z.string(),
  /** null: every category. */
  categoria: namedRefSchema.nullable(),
  usuario: namedRefSchema,
  /** The case is also assigned to the person. */
  asignar: z.boolean(),
  /** ISO 8601 instant. */
  creada: z.string(),
});
export type AlertRuleWire = z.infer<typeof alertRuleSchema>;

export const alertRuleListSchema = z.object({
  reglas: z.array(alertRuleSchema),
  /** Each organisation's complaint categories, to choose from. */
  categorias: z.array(z.object({ organizacion: z.string(), id: z.number(), nombre: z.string() })),
});
export type AlertRuleListWire = z.infer<typeof alertRuleListSchema>;

export const listAlertRules = endpoint({
  method: 'GET',
  path: '/v1/gestion/reglas-aviso',
  tag,
  access: administrators,
  summary:
    'Reglas de aviso: quién más recibe el aviso de una denuncia nueva, por organización y categoría',
  headers: staffHeaders,
  responses: { 200: alertRuleListSchema, ...errors(403, ...SIGNED_IN) },
});

export const createAlertRule = endpoint({
  method: 'POST',
  path: '/v1/gestion/reglas-aviso',
  tag,
  access: administrators,
  summary: 'Crea una regla de aviso (y, si se indica, de asignación automática)',
  headers: staffHeaders,
  body: alertRuleInputSchema,
  // 409: the person already has a rule there, or another rule already assigns.
  responses: { 201: alertRuleSchema, ...errors(400, 409, ...SIGNED_IN_WRITE) },
});

export const updateAlertRule = endpoint({
  method: 'PUT',
  path: '/v1/gestion/reglas-aviso/:id',
  tag,
  access: administrators,
  summary: 'Cambia una regla de aviso',
  headers: staffHeaders,
  params: idParamSchema,
  body: alertRuleInputSchema,
  responses: { 200: alertRuleSchema, ...errors(400, 404, 409, ...SIGNED_IN_WRITE) },
});

export const deleteAlertRule = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/reglas-aviso/:id',
  tag,
  access: administrators,
  summary: 'Elimina una regla de aviso',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 204: noBody, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

/** Why a person receives every new complaint of an organisation. */
export const ALERT_RECEIVER_REASONS = ['todas', 'organizacion', 'regla'] as const;

export const alertCoverageSchema = z.object({
  organizaciones: z.array(
    z.object({
      /** Organisation id (GUID); one entry per organisation of the group, in the registry's order. */
      organizacion: z.string(),
      /**
       * Who receives every new complaint of the organisation (active, activated): `todas`, an
       * administrator who names no organisation; `organizacion`, an administrator or investigator
       * who names it; `regla`, a rule of every category. Empty: nobody is told of its complaints.
       */
      receptores: z.array(
        z.object({ id: z.number(), nombre: z.string(), motivo: z.enum(ALERT_RECEIVER_REASONS) }),
      ),
    }),
  ),
});
export type AlertCoverageWire = z.infer<typeof alertCoverageSchema>;

export const alertCoverage = endpoint({
  method: 'GET',
  path: '/v1/gestion/avisos/cobertura',
  tag,
  access: administrators,
  summary:
    'Quién recibe los avisos de denuncias nuevas de cada organización (una lista vacía: nadie)',
  headers: staffHeaders,
  responses: { 200: alertCoverageSchema, ...errors(403, ...SIGNED_IN) },
});

export const alerts = {
  alertCoverage,
  listAlertRules,
  createAlertRule,
  updateAlertRule,
  deleteAlertRule,
} as const;
