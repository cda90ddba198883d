// Staff intake: a complaint received verbally, in writing or in person, recorded in the back office.
import { z } from 'zod';
import { STAFF_INTAKE_CHANNELS } from '../../constants';
import { staffIntakePayloadSchema } from '../../schemas/payloads';
import { endpoint, errors } from '../core';
import { SIGNED_IN_WRITE, idParamSchema, staffHeaders } from './common';

const tag = 'Gestión: registro de denuncias';

/**
 * The activation handed to the person on paper (decision 0075): a single-use link (QR) and its
 * short code, one activation with one lifetime; using either, or issuing a new one, spends both.
 * The server keeps only digests, so neither can be shown again.
 */
export const complainantActivationSchema = z.object({
  /** Portal page where the person sets their own password: single use. */
  url: z.string(),
  /** The short code («K7QF-2M9X») the person types with the case number instead of the link. */
  codigo: z.string(),
  /** The portal page (absolute) where the code is typed. */
  pagina: z.string(),
  /** ISO 8601 instant after which the link and the code no longer work. */
  vence: z.string(),
});

/**
 * What the receipt handed to the person shows. The activation link is in this answer only: the
 * server keeps its digest, so it cannot be shown again.
 */
export const intakeReceiptSchema = z.object({
  /** The case id (back-office paths). */
  id: z.number(),
  numero: z.string(),
  /** The code the person follows the complaint with. */
  ticket: z.number(),
  organizacion: z.object({ id: z.string(), nombre: z.string() }),
  canal: z.enum(STAFF_INTAKE_CHANNELS),
  /** ISO 8601 instant the complaint was recorded. */
  fecha: z.string(),
  activacion: complainantActivationSchema,
  /** A confirmation mail was queued to the contact address. */
  correo_enviado: z.boolean(),
});
export type IntakeReceiptWire = z.infer<typeof intakeReceiptSchema>;

export const recordComplaint = endpoint({
  method: 'POST',
  path: '/v1/gestion/denuncias',
  tag,
  access: 'staff',
  summary: 'Registra una denuncia recibida en forma verbal, escrita o presencial (auditada)',
  headers: staffHeaders,
  body: staffIntakePayloadSchema,
  // 403 also for an organisation outside the person's own or an auditor; 503: the password hasher
  // is saturated (the case gets a password nobody knows, hashed like any other).
  responses: { 201: intakeReceiptSchema, ...errors(400, 503, ...SIGNED_IN_WRITE) },
});

/** A new activation for a case staff recorded: no ticket (the person learns it on activating). */
export const activationReceiptSchema = z.object({
  id: z.number(),
  numero: z.string(),
  organizacion: z.object({ id: z.string(), nombre: z.string() }),
  activacion: complainantActivationSchema,
});
export type ActivationReceiptWire = z.infer<typeof activationReceiptSchema>;

export const reissueActivationSchema = z.object({
  identidad_verificada: z.literal(true, {
    error: 'Confirme que identificó en persona a quien presentó la denuncia.',
  }),
});

export const reissueActivation = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/activacion',
  tag,
  access: 'staff',
  summary:
    'Entrega una nueva activación (código y enlace) a la persona de un caso registrado por el equipo, identificada en persona; las anteriores dejan de servir (auditada)',
  headers: staffHeaders,
  params: idParamSchema,
  body: reissueActivationSchema,
  // 404 out of scope; 409 a case filed in the portal (its person has e-mail recovery).
  responses: {
    201: activationReceiptSchema,
    ...errors(400, 404, 409, 410, 423, ...SIGNED_IN_WRITE),
  },
});

export const intake = { recordComplaint, reissueActivation } as const;
