// Single sign-on with OpenID Connect (issue 24): the providers the sign-in page offers, the start
// of a sign-in at one (a redirect to it) and the provider's return (a redirect to the back office).
import { z } from 'zod';
import { ALWAYS, endpoint, errors, noBody } from '../core';

const tag = 'Gestión: cuenta y usuarios';

export const ssoProviderSchema = z.object({ id: z.string(), nombre: z.string() });
export type SsoProviderWire = z.infer<typeof ssoProviderSchema>;

/** Why the return refused a sign-in, in the sign-in page's `?sso=`. */
export const SSO_REFUSALS = ['vencido', 'fallido', 'sin-cuenta', 'sin-acceso'] as const;

export const ssoProviders = endpoint({
  method: 'GET',
  path: '/v1/gestion/sso',
  tag,
  access: 'public',
  summary: 'Proveedores de inicio de sesión único configurados (nunca sus secretos)',
  responses: { 200: z.array(ssoProviderSchema), ...errors(...ALWAYS) },
});

export const ssoStart = endpoint({
  method: 'GET',
  path: '/v1/gestion/sso/:proveedor/inicio',
  tag,
  access: 'public',
  summary:
    'Inicia el ingreso en el proveedor: redirige a él (código de autorización con PKCE, state y nonce)',
  params: z.object({
    proveedor: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, { error: 'No se encontró ese proveedor de inicio de sesión.' }),
  }),
  // 404: no such provider; 503: the provider did not answer.
  responses: { 303: noBody, ...errors(400, 404, 503, ...ALWAYS) },
});

export const ssoCallback = endpoint({
  method: 'GET',
  path: '/v1/gestion/sso/retorno',
  tag,
  access: 'public',
  summary:
    'Regreso desde el proveedor: valida la respuesta, inicia la sesión y redirige a la gestión (o al ingreso, con el motivo en ?sso=)',
  responses: { 303: noBody, ...errors(...ALWAYS) },
});

export const sso = { ssoProviders, ssoStart, ssoCallback } as const;
