// Personal data in the back office (Law 21.719, issue 19): each organisation's data-protection
// contact and retention period, and the register of security incidents. Administrators only;
// every change audited.
import { z } from 'zod';
import {
  BREACH_DATA_KINDS,
  BREACH_RISKS,
  breachInputSchema,
  privacySettingsInputSchema,
} from '../../schemas/privacy';
import { binary, endpoint, errors } from '../core';
import { dataProtectionContactSchema } from '../privacy-notice';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, staffHeaders } from './common';

const tag = 'Gestión: protección de datos';
const administrators = { roles: ['administrador'] } as const;

/** One organisation's settings (the defaults until an administrator saves them). */
export const privacySettingsSchema = z.object({
  organizacion: z.string(),
  contacto: dataProtectionContactSchema.nullable(),
  retencion_anios: z.number(),
  /** When they were last saved; null: never (the defaults apply). */
  actualizado: z.string().nullable(),
});
export type PrivacySettingsWire = z.infer<typeof privacySettingsSchema>;

export const getPrivacySettings = endpoint({
  method: 'GET',
  path: '/v1/gestion/proteccion-datos',
  tag,
  access: administrators,
  summary: 'Contacto de protección de datos y plazo de conservación de cada organización',
  headers: staffHeaders,
  responses: {
    200: z.object({ organizaciones: z.array(privacySettingsSchema) }),
    ...errors(403, ...SIGNED_IN),
  },
});

export const updatePrivacySettings = endpoint({
  method: 'PUT',
  path: '/v1/gestion/proteccion-datos',
  tag,
  access: administrators,
  summary: 'Guarda el contacto de protección de datos y el plazo de conservación (auditado)',
  headers: staffHeaders,
  body: privacySettingsInputSchema,
  // 404: an organisation the administrator does not work on.
  responses: { 200: privacySettingsSchema, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

/** One incident of the register, as the back office shows it. */
export const breachSchema = z.object({
  id: z.number(),
  detectada: z.string(),
  descripcion: z.string(),
  organizaciones: z.array(z.string()),
  casos: z.array(
    z.object({
      numero: z.string(),
      /** When its complainant was told (log entry, and a mail if there is an address). */
      avisado: z.string().nullable(),
    }),
  ),
  datos: z.array(z.enum(BREACH_DATA_KINDS)),
  riesgo: z.enum(BREACH_RISKS),
  evaluacion: z.string(),
  medidas: z.string().nullable(),
  aviso_agencia: z.string().nullable(),
  aviso_personas: z.string().nullable(),
  registrada: z.string(),
  registrada_por: z.string().nullable(),
});
export type BreachWire = z.infer<typeof breachSchema>;

export const listBreaches = endpoint({
  method: 'GET',
  path: '/v1/gestion/brechas',
  tag,
  access: administrators,
  summary: 'Registro de incidentes de seguridad (los de las organizaciones de la persona)',
  headers: staffHeaders,
  responses: { 200: z.object({ brechas: z.array(breachSchema) }), ...errors(403, ...SIGNED_IN) },
});

export const createBreach = endpoint({
  method: 'POST',
  path: '/v1/gestion/brechas',
  tag,
  access: administrators,
  summary: 'Registra un incidente de seguridad (auditado)',
  headers: staffHeaders,
  body: breachInputSchema,
  responses: { 201: breachSchema, ...errors(400, ...SIGNED_IN_WRITE) },
});

export const updateBreach = endpoint({
  method: 'PUT',
  path: '/v1/gestion/brechas/:id',
  tag,
  access: administrators,
  summary: 'Cambia un incidente del registro (auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  body: breachInputSchema,
  responses: { 200: breachSchema, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

export const notifyBreachSubjects = endpoint({
  method: 'POST',
  path: '/v1/gestion/brechas/:id/aviso-afectados',
  tag,
  access: administrators,
  summary:
    'Avisa a las personas denunciantes de los casos del incidente: una entrada en el historial y un correo neutro (auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: {
    200: z.object({
      /** Cases told now; of them, those with a contact address got a mail too. */
      avisados: z.number(),
      correos: z.number(),
      brecha: breachSchema,
    }),
    ...errors(404, ...SIGNED_IN_WRITE),
  },
});

export const exportBreachesCsv = endpoint({
  method: 'GET',
  path: '/v1/gestion/brechas/exportacion.csv',
  tag,
  access: administrators,
  summary: 'Exporta el registro de incidentes en CSV (auditada)',
  headers: staffHeaders,
  responses: { 200: binary(['text/csv; charset=utf-8']), ...errors(403, ...SIGNED_IN) },
});

export const privacyAdmin = {
  getPrivacySettings,
  updatePrivacySettings,
  listBreaches,
  createBreach,
  updateBreach,
  notifyBreachSubjects,
  exportBreachesCsv,
} as const;
