// The sessions a person can see and end, and an administrator's end of all of someone's (issue 24).
import { z } from 'zod';
import { endpoint, errors, noBody } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, staffHeaders } from './common';

const tag = 'Gestión: cuenta y usuarios';

/** One live session of the person: the device it was opened from, when, and its last activity. */
export const staffSessionItemSchema = z.object({
  id: z.number(),
  /** Browser and system read from the user agent («Chrome 131 en Windows 10»). */
  dispositivo: z.string(),
  /** How it was opened: password and TOTP, single sign-on or a passkey. */
  metodo: z.enum(['password', 'oidc', 'passkey']),
  /** ISO 8601 instants. */
  iniciada: z.string(),
  ultima_actividad: z.string(),
  /** The session this very call was made with. */
  actual: z.boolean(),
});
export type StaffSessionItemWire = z.infer<typeof staffSessionItemSchema>;

export const endedSessionsSchema = z.object({ cerradas: z.number() });

export const listMySessions = endpoint({
  method: 'GET',
  path: '/v1/gestion/sesiones',
  tag,
  access: 'staff',
  summary: 'Las sesiones activas de la persona',
  headers: staffHeaders,
  responses: { 200: z.array(staffSessionItemSchema), ...errors(...SIGNED_IN) },
});

export const endMySession = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/sesiones/:id',
  tag,
  access: 'staff',
  summary: 'Cierra una sesión propia (la actual también: equivale a salir)',
  headers: staffHeaders,
  params: idParamSchema,
  // 404: not a session of this person, or it already ended.
  responses: { 204: noBody, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

export const endMyOtherSessions = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/sesiones',
  tag,
  access: 'staff',
  summary: 'Cierra todas las demás sesiones de la persona (la actual sigue)',
  headers: staffHeaders,
  responses: { 200: endedSessionsSchema, ...errors(...SIGNED_IN_WRITE) },
});

export const endUserSessions = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/usuarios/:id/sesiones',
  tag,
  access: { roles: ['administrador'] },
  summary: 'Cierra todas las sesiones de un usuario',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 200: endedSessionsSchema, ...errors(400, 403, 404, ...SIGNED_IN_WRITE) },
});

export const staffSessions = {
  listMySessions,
  endMySession,
  endMyOtherSessions,
  endUserSessions,
} as const;
