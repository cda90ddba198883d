// Passkeys (WebAuthn) for staff (issue 24, decision 0076): registering, listing and removing one's
// own, signing in with one (as the second factor after the password, or alone), an
// administrator's reset of a person's passkeys, and the policy that requires them of administrators.
import { z } from 'zod';
import { passkeyNameSchema, staffEmailSchema } from '../../schemas/staff';
import { ALWAYS, endpoint, errors, noBody } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, staffHeaders } from './common';
import { staffSessionSchema } from './account';

const tag = 'Gestión: llaves de acceso';
const administrators = { roles: ['administrador'] } as const;

/**
 * The options the browser hands to `navigator.credentials.create()` or `.get()`, as JSON
 * (WebAuthn Level 3 `PublicKeyCredential*OptionsJSON`, made by `@simplewebauthn/server`).
 */
export const webAuthnOptionsSchema = z.object({ opciones: z.record(z.string(), z.unknown()) });

/** What the browser's authenticator answered (`PublicKeyCredential.toJSON()`), checked by the server's library. */
export const webAuthnResponseSchema = z.object(
  {
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  },
  { error: 'La respuesta de la llave de acceso no es válida.' },
);

export const registerPasskeyBodySchema = z.object({
  nombre: passkeyNameSchema,
  respuesta: webAuthnResponseSchema,
});

/** One of the person's passkeys: its name, when it was registered and last used (ISO 8601). */
export const passkeyItemSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  creada: z.string(),
  ultimo_uso: z.string().nullable(),
});
export type PasskeyItemWire = z.infer<typeof passkeyItemSchema>;

/**
 * Signing in with a passkey: the authenticator's answer alone (the passkey is the whole sign-in:
 * the authenticator must have verified the person), alone with the e-mail (the same, but only the
 * passkey of the account named: «Su sesión expiró» resumes a page for its person) or, as the
 * second factor instead of the code, with the e-mail and password.
 */
export const passkeySignInBodySchema = z.object({
  respuesta: webAuthnResponseSchema,
  email: staffEmailSchema.optional(),
  password: z
    .string({ error: 'Debe ingresar la contraseña.' })
    .min(1, { error: 'Debe ingresar la contraseña.' })
    .max(128, { error: 'La contraseña puede tener como máximo 128 caracteres.' })
    .optional(),
});

/** The staff security policy administrators set. */
export const securityPolicySchema = z.object({
  /** Administrators must sign in with a passkey (one without is asked to register one first). */
  llaves_obligatorias_administradores: z.boolean({ error: 'Indique sí o no.' }),
});
export type SecurityPolicyWire = z.infer<typeof securityPolicySchema>;

export const passkeyRegistrationOptions = endpoint({
  method: 'POST',
  path: '/v1/gestion/llaves/opciones',
  tag,
  access: 'staff',
  summary: 'Opciones para registrar una llave de acceso (el desafío queda en la base de datos)',
  headers: staffHeaders,
  responses: { 200: webAuthnOptionsSchema, ...errors(...SIGNED_IN_WRITE) },
});

export const registerPasskey = endpoint({
  method: 'POST',
  path: '/v1/gestion/llaves',
  tag,
  access: 'staff',
  summary: 'Registra la llave de acceso que el navegador creó (auditado)',
  headers: staffHeaders,
  body: registerPasskeyBodySchema,
  // 400: the answer is not one for this site, this person or a challenge still open; 409: that
  // passkey is registered already.
  responses: { 201: passkeyItemSchema, ...errors(400, 409, ...SIGNED_IN_WRITE) },
});

export const listMyPasskeys = endpoint({
  method: 'GET',
  path: '/v1/gestion/llaves',
  tag,
  access: 'staff',
  summary: 'Las llaves de acceso de la persona',
  headers: staffHeaders,
  responses: { 200: z.array(passkeyItemSchema), ...errors(...SIGNED_IN) },
});

export const removeMyPasskey = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/llaves/:id',
  tag,
  access: 'staff',
  summary: 'Elimina una llave de acceso propia (auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: { 204: noBody, ...errors(400, 404, ...SIGNED_IN_WRITE) },
});

export const passkeySignInOptions = endpoint({
  method: 'POST',
  path: '/v1/gestion/sesion/llave/opciones',
  tag,
  access: 'public',
  summary: 'Opciones para ingresar con una llave de acceso (sin decir qué cuentas tienen una)',
  responses: { 200: webAuthnOptionsSchema, ...errors(...ALWAYS) },
});

export const passkeySignIn = endpoint({
  method: 'POST',
  path: '/v1/gestion/sesion/llave',
  tag,
  access: 'public',
  summary:
    'Ingreso con llave de acceso, sola (con el correo, solo una llave de esa cuenta) o como segundo factor tras la contraseña (fija las cookies de sesión)',
  body: passkeySignInBodySchema,
  // 401: the answer, the passkey or the password did not check out (the same answer for each);
  // 403: the organisation requires single sign-on; 429: throttled after failures.
  responses: { 200: staffSessionSchema, ...errors(400, 401, 403, 503, ...ALWAYS) },
});

export const resetUserPasskeys = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/usuarios/:id/llaves',
  tag,
  access: administrators,
  summary:
    'Restablece las llaves de acceso de una persona: las elimina, cierra sus sesiones y le avisa (auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  responses: {
    200: z.object({ eliminadas: z.number() }),
    ...errors(400, 403, 404, ...SIGNED_IN_WRITE),
  },
});

export const getSecurityPolicy = endpoint({
  method: 'GET',
  path: '/v1/gestion/seguridad',
  tag,
  access: administrators,
  summary: 'La política de ingreso del personal',
  headers: staffHeaders,
  responses: { 200: securityPolicySchema, ...errors(403, ...SIGNED_IN) },
});

export const updateSecurityPolicy = endpoint({
  method: 'PUT',
  path: '/v1/gestion/seguridad',
  tag,
  access: administrators,
  summary: 'Cambia la política de ingreso del personal (auditado)',
  headers: staffHeaders,
  body: securityPolicySchema,
  // 409: requiring passkeys takes one's own first.
  responses: { 200: securityPolicySchema, ...errors(400, 409, ...SIGNED_IN_WRITE) },
});

export const passkeys = {
  passkeyRegistrationOptions,
  registerPasskey,
  listMyPasskeys,
  removeMyPasskey,
  passkeySignInOptions,
  passkeySignIn,
  resetUserPasskeys,
  getSecurityPolicy,
  updateSecurityPolicy,
} as const;
