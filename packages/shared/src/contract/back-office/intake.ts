// Staff intake: a complaint received verbally, in writing or in person, recorded in the back office.
import { z } from 'zod';
import { STAFF_INTAKE_CHANNELS } from '../../constants';
import { staffIntakePayloadSchema } from '../../schemas/payloads';
import { endpoint, errors } from '../core';
import { SIGNED_IN_WRITE, staffHeaders } from './common';

const tag = 'Gestión: registro de denuncias';

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
  activacion: z.object({
    /** Portal page where the person sets their own password: single use. */
    url: z.string(),
    /** ISO 8601 instant after which the link no longer works. */
    vence: z.string(),
  }),
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

export const intake = { recordComplaint } as const;
