// Sign-in, activation and user administration of the back office (DESIGN §8).
import { z } from 'zod';
import {
  staffInviteSchema,
  staffPasswordSchema,
  staffSignInSchema,
  staffUpdateSchema,
  totpCodeSchema,
} from '../../schemas/staff';
import { ALWAYS, endpoint, errors, messageSchema, noBody } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, staffHeaders, staffUserSchema } from './common';

const tag = 'Gestión: cuenta y usuarios';

/** The session answer: the person and the CSRF value to echo (also set as the `gestion_csrf` cookie). */
export const staffSessionSchema = z.object({
  usuario: staffUserSchema,
  csrf: z.string(),
  /**
   * The person must register a passkey before anything else (administrators, while the policy
   * requires passkeys of them and they have none; decision 0076). The server always sends it.
   */
  llave_pendiente: z.boolean().optional(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

const invitationToken = z
  .string({ error: 'El enlace no es válido.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'El enlace no es válido.' });

export const invitationLookupSchema = z.object({ token: invitationToken });

export const activationSchema = z.object({
  token: invitationToken,
  password: staffPasswordSchema,
  codigo: totpCodeSchema,
});

/** The invitation and the TOTP secret to enrol (shown once, before activation). */
export const invitationSchema = z.object({
  email: z.string(),
  nombre: z.string(),
  totp: z.object({ secreto: z.string(), uri: z.string() }),
});
export type InvitationWire = z.infer<typeof invitationSchema>;

export const signIn = endpoint({
  method: 'POST',
  path: '/v1/gestion/sesion',
  tag,
  access: 'public',
  summary: 'Ingreso con correo, contraseña y código TOTP (fija las cookies de sesión)',
  body: staffSignInSchema,
  // 429 also when the account is throttled after failures; 503: the hasher is saturated.
  // 403: the person's organisation requires single sign-on (administrators excepted).
  responses: { 200: staffSessionSchema, ...errors(400, 401, 403, 503, ...ALWAYS) },
});

export const currentSession = endpoint({
  method: 'GET',
  path: '/v1/gestion/sesion',
  tag,
  access: 'staff',
  // Reading it touches the session's idle clock (never past its 8 hours): the back office reads it
  // while the person types a long text (issue 22).
  summary: 'La persona con sesión iniciada (leerla mantiene activa la sesión)',
  headers: staffHeaders,
  responses: { 200: staffSessionSchema, ...errors(...SIGNED_IN) },
});

export const signOut = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/sesion',
  tag,
  access: 'staff',
  summary: 'Cierra la sesión (borra las cookies)',
  headers: staffHeaders,
  responses: { 204: noBody, ...errors(...SIGNED_IN_WRITE) },
});

export const lookupInvitation = endpoint({
  method: 'POST',
  path: '/v1/gestion/activacion/consulta',
  tag,
  access: 'public',
  summary: 'Datos de una invitación y el secreto TOTP a enrolar',
  body: invitationLookupSchema,
  // 410: the link is unknown, used or expired.
  responses: { 200: invitationSchema, ...errors(400, 410, ...ALWAYS) },
});

export const activate = endpoint({
  method: 'POST',
  path: '/v1/gestion/activacion',
  tag,
  access: 'public',
  summary: 'Activa la cuenta: contraseña y código TOTP; inicia sesión',
  body: activationSchema,
  responses: { 200: staffSessionSchema, ...errors(400, 410, 503, ...ALWAYS) },
});

const administrators = { roles: ['administrador'] } as const;

export const listUsers = endpoint({
  method: 'GET',
  path: '/v1/gestion/usuarios',
  tag,
  access: administrators,
  summary: 'Usuarios de la gestión',
  headers: staffHeaders,
  responses: { 200: z.array(staffUserSchema), ...errors(403, ...SIGNED_IN) },
});

export const inviteUser = endpoint({
  method: 'POST',
  path: '/v1/gestion/usuarios',
  tag,
  access: administrators,
  summary: 'Invita a un usuario por correo',
  headers: staffHeaders,
  body: staffInviteSchema,
  // 409: the e-mail is taken.
  responses: { 201: staffUserSchema, ...errors(400, 409, ...SIGNED_IN_WRITE) },
});

export const updateUser = endpoint({
  method: 'PATCH',
  path: '/v1/gestion/usuarios/:id',
  tag,
  access: administrators,
  summary: 'Cambia nombre, rol, organizaciones o estado',
  headers: staffHeaders,
  params: idParamSchema,
  body: staffUpdateSchema,
  // 409: it would leave no active administrator.
  responses: { 200: staffUserSchema, ...errors(400, 404, 409, ...SIGNED_IN_WRITE) },
});

export const reinviteUser = endpoint({
  method: 'POST',
  path: '/v1/gestion/usuarios/:id/invitacion',
  tag,
  access: administrators,
  summary: 'Reenvía la invitación (reemplaza contraseña y segundo factor)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 202: messageSchema, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

export const account = {
  signIn,
  currentSession,
  signOut,
  lookupInvitation,
  activate,
  listUsers,
  inviteUser,
  updateUser,
  reinviteUser,
} as const;
