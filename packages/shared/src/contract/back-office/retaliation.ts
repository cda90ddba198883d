// Protection after closing (issue 22, decision 0060): the days each organisation asks its closed
// cases' complainants about retaliation (administrators, audited), the open reports as the inbox
// lists them, and recording that one was attended.
import { z } from 'zod';
import { retaliationSettingsInputSchema } from '../../schemas/retaliation';
import { endpoint, errors, messageSchema } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, staffHeaders } from './common';

const tag = 'Gestión: protección después del cierre';
const administrators = { roles: ['administrador'] } as const;

/** One organisation's days after closing (the defaults until an administrator saves them). */
export const retaliationSettingsSchema = z.object({
  organizacion: z.string(),
  dias: z.array(z.number()),
  /** When they were last saved; null: never (the defaults apply). */
  actualizado: z.string().nullable(),
});
export type RetaliationSettingsWire = z.infer<typeof retaliationSettingsSchema>;

/** A report of retaliation not attended yet, with its case. */
export const retaliationReportSchema = z.object({
  id: z.number(),
  caso: z.object({ id: z.number(), numero: z.string() }),
  /** yyyy-mm-dd (Chile): the day it was reported. */
  fecha: z.string(),
  /** yyyy-mm-dd: the day it is due (RETALIATION_DUE_WORKING_DAYS working days later). */
  vence: z.string(),
  vencida: z.boolean(),
});
export type RetaliationReportWire = z.infer<typeof retaliationReportSchema>;

export const getRetaliationSettings = endpoint({
  method: 'GET',
  path: '/v1/gestion/consultas-represalias',
  tag,
  access: administrators,
  summary: 'Días después del cierre en que cada organización consulta por represalias',
  headers: staffHeaders,
  responses: {
    200: z.object({ organizaciones: z.array(retaliationSettingsSchema) }),
    ...errors(403, ...SIGNED_IN),
  },
});

export const updateRetaliationSettings = endpoint({
  method: 'PUT',
  path: '/v1/gestion/consultas-represalias',
  tag,
  access: administrators,
  summary: 'Guarda los días de consulta por represalias de una organización (auditado)',
  headers: staffHeaders,
  body: retaliationSettingsInputSchema,
  // 404: an organisation the administrator does not work on.
  responses: { 200: retaliationSettingsSchema, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

export const listRetaliationReports = endpoint({
  method: 'GET',
  path: '/v1/gestion/represalias',
  tag,
  access: 'staff',
  summary:
    'Avisos de represalias por atender, de los casos que la persona puede ver (el plazo más próximo primero)',
  headers: staffHeaders,
  responses: {
    200: z.object({ avisos: z.array(retaliationReportSchema) }),
    ...errors(...SIGNED_IN),
  },
});

export const attendRetaliationReport = endpoint({
  method: 'POST',
  path: '/v1/gestion/represalias/:id/atendido',
  tag,
  access: { roles: ['administrador', 'investigador'] },
  summary:
    'Registra que el aviso de represalias fue atendido (auditado; queda en la bitácora interna)',
  headers: staffHeaders,
  params: z.object({
    id: z.coerce.number({ error: 'El identificador no es válido.' }).int().positive(),
  }),
  // 404: no such open report in a case the person may open.
  responses: { 200: messageSchema, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

export const retaliation = {
  getRetaliationSettings,
  updateRetaliationSettings,
  listRetaliationReports,
  attendRetaliationReport,
} as const;
