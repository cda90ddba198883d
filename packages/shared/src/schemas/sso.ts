// Single sign-on providers as administrators configure them in the back office (issue 24, decision
// 0077). The back-office form and the API validate with these schemas; the client secret is
// write-only: the API never answers it.
import { z } from 'zod';
import { ORGANIZATIONS } from '../organizations';

export const SSO_MESSAGES = {
  id: 'El identificador admite solo minúsculas, dígitos y guiones (hasta 32 caracteres).',
  name: 'Escriba el nombre que mostrará el botón de ingreso (hasta 80 caracteres).',
  issuer: 'Escriba la dirección del emisor (issuer) del proveedor, que comienza con https://.',
  clientId: 'Escriba el identificador de cliente (client id) registrado en el proveedor.',
  clientSecret: 'Escriba el secreto de cliente (client secret) registrado en el proveedor.',
  scopes: 'Los alcances (scopes) deben incluir openid.',
  groupsClaim: 'Escriba el nombre del claim que lista los grupos de la persona.',
  group: 'Cada grupo admite hasta 200 caracteres.',
  groups: 'Indique como máximo 100 grupos por lista.',
  organization: 'Debe elegir una organización válida.',
  param: 'Los parámetros adicionales deben ser nombre=valor, uno por línea.',
} as const;
const M = SSO_MESSAGES;

/** An organisation by its id or key (`clinica-atacama`), as `OIDC_PROVIDERS` takes it: its id. */
const organization = z
  .string({ error: M.organization })
  .trim()
  .toLowerCase()
  .refine((v) => ORGANIZATIONS.some((o) => o.id === v || o.key === v), { error: M.organization })
  .transform((v) => ORGANIZATIONS.find((o) => o.id === v || o.key === v)!.id);

const groupList = z
  .array(z.string().trim().min(1, { error: M.group }).max(200, { error: M.group }))
  .max(100, { error: M.groups })
  .transform((groups) => [...new Set(groups)]);

/** The provider's id in URLs and the audit log: `entra`, `google`, `keycloak`. */
export const ssoProviderIdSchema = z
  .string({ error: M.id })
  .regex(/^[a-z0-9-]{1,32}$/, { error: M.id });

/** PUT /v1/gestion/configuracion-sso/proveedores/:proveedor: creates or changes a provider. */
export const ssoProviderInputSchema = z.object({
  nombre: z.string({ error: M.name }).trim().min(1, { error: M.name }).max(80, { error: M.name }),
  emisor: z
    .string({ error: M.issuer })
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: M.issuer }))
    .refine((v) => v.length <= 500, { error: M.issuer }),
  cliente_id: z
    .string({ error: M.clientId })
    .trim()
    .min(1, { error: M.clientId })
    .max(300, { error: M.clientId }),
  /** Write-only: required for a new provider; omitted (or empty) keeps the stored one. */
  cliente_secreto: z
    .string({ error: M.clientSecret })
    .max(1000, { error: M.clientSecret })
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  alcances: z
    .string({ error: M.scopes })
    .trim()
    .max(300, { error: M.scopes })
    .transform((v) => v.split(/\s+/).filter(Boolean).join(' '))
    .refine((v) => v.split(' ').includes('openid'), { error: M.scopes }),
  /** More parameters for the authorization request (Google: access_type=offline). */
  parametros: z
    .record(
      z.string().regex(/^[a-z_]{1,40}$/, { error: M.param }),
      z.string().max(200, { error: M.param }),
    )
    .default({}),
  claim_grupos: z
    .string({ error: M.groupsClaim })
    .trim()
    .min(1, { error: M.groupsClaim })
    .max(100, { error: M.groupsClaim }),
  roles: z.object({
    administrador: groupList,
    investigador: groupList,
    auditor: groupList,
  }),
  /** Which organisations each group gives. */
  organizaciones: z
    .record(
      z.string().trim().min(1, { error: M.group }).max(200, { error: M.group }),
      z.array(organization),
    )
    .default({}),
  creacion_automatica: z.boolean().default(false),
  habilitado: z.boolean().default(true),
});
export type SsoProviderInput = z.input<typeof ssoProviderInputSchema>;
export type SsoProviderValues = z.output<typeof ssoProviderInputSchema>;

/** PUT /v1/gestion/configuracion-sso/organizaciones: the organisations that require SSO. */
export const ssoRequiredInputSchema = z.object({
  organizaciones: z.array(organization).max(ORGANIZATIONS.length),
});

/** Groups as a person types them: one per line or separated by commas. */
export const splitGroups = (text: string) => [
  ...new Set(
    text
      .split(/[\n,]/)
      .map((g) => g.trim())
      .filter(Boolean),
  ),
];

const groupsText = z
  .string()
  .max(20_000, { error: M.groups })
  .refine((text) => splitGroups(text).every((g) => g.length <= 200), { error: M.group })
  .refine((text) => splitGroups(text).length <= 100, { error: M.groups });

const paramsText = z
  .string()
  .max(2000, { error: M.param })
  .refine(
    (text) =>
      text
        .split(/\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .every((l) => /^[a-z_]{1,40}=[^\s]{0,200}$/.test(l)),
    { error: M.param },
  );

/**
 * The back-office form of a provider: lists as text (one per line or comma-separated), the groups
 * of each organisation beside it. `ssoProviderInputFromForm` turns it into the API's body, which
 * `ssoProviderInputSchema` checks again.
 */
export const ssoProviderFormSchema = z.object({
  id: ssoProviderIdSchema,
  nombre: ssoProviderInputSchema.shape.nombre,
  emisor: ssoProviderInputSchema.shape.emisor,
  cliente_id: ssoProviderInputSchema.shape.cliente_id,
  cliente_secreto: z.string().max(1000, { error: M.clientSecret }),
  alcances: ssoProviderInputSchema.shape.alcances,
  parametros: paramsText,
  claim_grupos: ssoProviderInputSchema.shape.claim_grupos,
  grupos_administrador: groupsText,
  grupos_investigador: groupsText,
  grupos_auditor: groupsText,
  /** Organisation id → the groups that give it. */
  grupos_organizacion: z.record(z.string(), groupsText),
  creacion_automatica: z.boolean(),
  habilitado: z.boolean(),
});
export type SsoProviderForm = z.output<typeof ssoProviderFormSchema>;

/** The API's body from the checked form. */
export function ssoProviderInputFromForm(form: SsoProviderForm): SsoProviderInput {
  const organizaciones: Record<string, string[]> = {};
  for (const [org, text] of Object.entries(form.grupos_organizacion))
    for (const group of splitGroups(text)) (organizaciones[group] ??= []).push(org);
  return {
    nombre: form.nombre,
    emisor: form.emisor,
    cliente_id: form.cliente_id,
    ...(form.cliente_secreto.trim() ? { cliente_secreto: form.cliente_secreto } : {}),
    alcances: form.alcances,
    parametros: Object.fromEntries(
      form.parametros
        .split(/\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    ),
    claim_grupos: form.claim_grupos,
    roles: {
      administrador: splitGroups(form.grupos_administrador),
      investigador: splitGroups(form.grupos_investigador),
      auditor: splitGroups(form.grupos_auditor),
    },
    organizaciones,
    creacion_automatica: form.creacion_automatica,
    habilitado: form.habilitado,
  };
}
