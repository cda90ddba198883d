// Single sign-on with OpenID Connect (issue 24): the providers the sign-in page offers, the start
// of a sign-in at one (a redirect to it) and the provider's return (a redirect to the back office).
import { z } from 'zod';
import {
  ssoProviderIdSchema,
  ssoProviderInputSchema,
  ssoRequiredInputSchema,
} from '../../schemas/sso';
import { ALWAYS, endpoint, errors, noBody } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, staffHeaders } from './common';

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

const administrators = { roles: ['administrador'] } as const;

/**
 * A provider as the configuration screen shows it (decision 0077): never its client secret, only
 * whether one is stored. `origen` says where it is configured: the environment (read-only) or the
 * back office.
 */
export const ssoProviderConfigSchema = z.object({
  id: z.string(),
  origen: z.enum(['entorno', 'gestion']),
  nombre: z.string(),
  emisor: z.string(),
  cliente_id: z.string(),
  secreto_guardado: z.boolean(),
  alcances: z.string(),
  parametros: z.record(z.string(), z.string()),
  claim_grupos: z.string(),
  roles: z.object({
    administrador: z.array(z.string()),
    investigador: z.array(z.string()),
    auditor: z.array(z.string()),
  }),
  organizaciones: z.record(z.string(), z.array(z.string())),
  creacion_automatica: z.boolean(),
  habilitado: z.boolean(),
  /** When an administrator last saved it; null: from the environment. */
  actualizado: z.string().nullable(),
});
export type SsoProviderConfigWire = z.infer<typeof ssoProviderConfigSchema>;

export const ssoSettingsSchema = z.object({
  /** Where the providers must send the browser back (to register at each provider). */
  retorno: z.string(),
  proveedores: z.array(ssoProviderConfigSchema),
  /** Organisations whose people sign in only by SSO, and where each is configured. */
  organizaciones_sso: z.array(
    z.object({ organizacion: z.string(), origen: z.enum(['entorno', 'gestion']) }),
  ),
});
export type SsoSettingsWire = z.infer<typeof ssoSettingsSchema>;

export const getSsoSettings = endpoint({
  method: 'GET',
  path: '/v1/gestion/configuracion-sso',
  tag,
  access: administrators,
  summary:
    'Proveedores de inicio de sesión único (del entorno y de la gestión, sin sus secretos) y organizaciones que lo exigen',
  headers: staffHeaders,
  responses: { 200: ssoSettingsSchema, ...errors(403, ...SIGNED_IN) },
});

export const saveSsoProvider = endpoint({
  method: 'PUT',
  path: '/v1/gestion/configuracion-sso/proveedores/:proveedor',
  tag,
  access: administrators,
  summary:
    'Crea o modifica un proveedor de inicio de sesión único (auditado; el secreto se guarda cifrado y nunca se devuelve)',
  headers: staffHeaders,
  params: z.object({ proveedor: ssoProviderIdSchema }),
  body: ssoProviderInputSchema,
  // 409: the id is a provider of the environment, read-only here.
  responses: { 200: ssoSettingsSchema, ...errors(400, 409, ...SIGNED_IN_WRITE) },
});

export const saveSsoRequired = endpoint({
  method: 'PUT',
  path: '/v1/gestion/configuracion-sso/organizaciones',
  tag,
  access: administrators,
  summary: 'Organizaciones cuyas personas ingresan solo con inicio de sesión único (auditado)',
  headers: staffHeaders,
  body: ssoRequiredInputSchema,
  responses: { 200: ssoSettingsSchema, ...errors(400, ...SIGNED_IN_WRITE) },
});

export const sso = {
  ssoProviders,
  ssoStart,
  ssoCallback,
  getSsoSettings,
  saveSsoProvider,
  saveSsoRequired,
} as const;
