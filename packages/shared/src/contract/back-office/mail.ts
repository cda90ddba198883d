// Mail the outbox gave up on (issue 9): administrators are told, in the back office and by mail.
import { z } from 'zod';
import { endpoint, errors } from '../core';
import { SIGNED_IN, staffHeaders } from './common';

export const failedMailSchema = z.object({
  id: z.number(),
  /** The mail's kind (confirmation, password-reset …); never its recipient or content. */
  tipo: z.string(),
  intentos: z.number(),
  /** ISO 8601 instants: queued, and given up. */
  creado: z.string(),
  fallido: z.string(),
});

export const failedMailListSchema = z.object({
  total: z.number(),
  correos: z.array(failedMailSchema),
});
export type FailedMailListWire = z.infer<typeof failedMailListSchema>;

export const failedMails = endpoint({
  method: 'GET',
  path: '/v1/gestion/correos-fallidos',
  tag: 'Gestión: correos',
  access: { roles: ['administrador'] },
  summary:
    'Correos que no se pudieron entregar después de todos los intentos (los 100 más recientes)',
  headers: staffHeaders,
  responses: { 200: failedMailListSchema, ...errors(403, ...SIGNED_IN) },
});

export const mail = { failedMails } as const;
