import type { ssoProviderInputSchema, ssoRequiredInputSchema } from '@canal/shared';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { worksOnEveryOrganization, type StaffUser } from '../staff/roles';
import type { BackOfficeServices } from '../services';
import type { SsoProvider } from './oidc-clients';
import { ssoProvidersStore as store, type SsoProviderRow } from './providers-store';
import { ssoRedirectUri } from './sso-sign-in';

type ProviderInput = z.output<typeof ssoProviderInputSchema>;
type RequiredInput = z.output<typeof ssoRequiredInputSchema>;

/**
 * The organisations whose people sign in only by SSO: the environment's and the back office's,
 * read at every password sign-in (never cached), so a change applies on every instance at once.
 */
export async function ssoRequiredOrganizations(services: Services): Promise<string[]> {
  const saved = await store.requiredOrganizations(services.db);
  return [...new Set([...services.config.SSO_REQUIRED_ORGANIZATIONS, ...saved])];
}

const fromEnvironment = (p: SsoProvider) => ({
  id: p.id,
  origen: 'entorno' as const,
  nombre: p.nombre,
  emisor: p.issuer,
  cliente_id: p.clientId,
  secreto_guardado: true,
  alcances: p.scopes,
  parametros: p.authorizationParams,
  claim_grupos: p.groupsClaim,
  roles: p.roles,
  organizaciones: p.organizations,
  creacion_automatica: p.autoCreate,
  habilitado: true,
  actualizado: null,
});

/** A saved provider's settings as the audit log records them: everything but its secret. */
const settingsOf = (row: SsoProviderRow) => ({
  id: row.id,
  origen: 'gestion' as const,
  nombre: row.name,
  emisor: row.issuer,
  cliente_id: row.client_id,
  alcances: row.scopes,
  parametros: row.authorization_params,
  claim_grupos: row.groups_claim,
  roles: row.roles,
  organizaciones: row.organizations,
  creacion_automatica: row.auto_create,
  habilitado: row.enabled,
});

/** What the screen sees of a saved provider: never its secret, only that one is stored. */
const savedView = (row: SsoProviderRow) => ({
  ...settingsOf(row),
  secreto_guardado: true,
  actualizado: row.updated_at.toISOString(),
});

/**
 * The SSO configuration screen's data (decision 0077): the environment's providers (read-only),
 * the back office's, never a secret, and the organisations that require SSO.
 */
export async function getSsoSettings(services: Services, backOffice: BackOfficeServices) {
  const envIds = new Set(backOffice.oidc.fromEnvironment.map((p) => p.id));
  const saved = (await store.all(services.db)).filter((row) => !envIds.has(row.id));
  const required = await store.requiredOrganizations(services.db);
  const fromEnv = services.config.SSO_REQUIRED_ORGANIZATIONS;
  return {
    retorno: ssoRedirectUri(services),
    proveedores: [...backOffice.oidc.fromEnvironment.map(fromEnvironment), ...saved.map(savedView)],
    organizaciones_sso: [
      ...fromEnv.map((organizacion) => ({ organizacion, origen: 'entorno' as const })),
      ...required
        .filter((id) => !fromEnv.includes(id))
        .map((organizacion) => ({ organizacion, origen: 'gestion' as const })),
    ],
  };
}

/** Only an administrator of every organisation: a provider's groups may give any of them. */
function mustAdministerAll(user: StaffUser) {
  if (!worksOnEveryOrganization(user))
    throw new AppError(
      'FORBIDDEN',
      'Solo un administrador de todas las organizaciones puede configurar el inicio de sesión único.',
    );
}

/** The configuration screen's data, for an administrator of every organisation. */
export async function readSsoSettings(
  services: Services,
  backOffice: BackOfficeServices,
  user: StaffUser,
) {
  mustAdministerAll(user);
  return getSsoSettings(services, backOffice);
}

/**
 * Creates or changes a provider of the back office, audited with what it was and what it is (never
 * the secret: only whether it changed). The secret is sealed with the master key (`keys:rewrap`
 * re-seals it at a rotation); left empty, the stored one stays.
 */
export async function saveSsoProvider(
  services: Services,
  backOffice: BackOfficeServices,
  user: StaffUser,
  id: string,
  input: ProviderInput,
) {
  mustAdministerAll(user);
  if (backOffice.oidc.fromEnvironment.some((p) => p.id === id))
    throw new AppError('SSO_PROVIDER_FROM_ENVIRONMENT');
  await services.db.transaction(async (tx) => {
    const before = await store.lock(tx, id);
    if (!before && !input.cliente_secreto) throw new AppError('SSO_SECRET_REQUIRED');
    const secretChanged =
      input.cliente_secreto !== undefined &&
      (!before ||
        services.keyring.openWithMaster(before.client_secret_enc) !== input.cliente_secreto);
    await store.save(
      tx,
      {
        id,
        name: input.nombre,
        issuer: input.emisor,
        client_id: input.cliente_id,
        client_secret_enc:
          input.cliente_secreto !== undefined
            ? services.keyring.sealWithMaster(input.cliente_secreto)
            : before!.client_secret_enc,
        scopes: input.alcances,
        authorization_params: input.parametros,
        groups_claim: input.claim_grupos,
        roles: input.roles,
        organizations: input.organizaciones,
        auto_create: input.creacion_automatica,
        enabled: input.habilitado,
      },
      user.id,
    );
    const after = (await store.find(tx, id))!;
    await appendAudit(services, tx, {
      actorId: user.id,
      action: 'sso.proveedor_guardado',
      detail: {
        proveedor: id,
        antes: before ? settingsOf(before) : null,
        despues: settingsOf(after),
        secreto_cambiado: secretChanged,
      },
    });
  });
  return getSsoSettings(services, backOffice);
}

/** Sets the organisations of the back office that require SSO (the environment's stay), audited. */
export async function saveSsoRequired(
  services: Services,
  backOffice: BackOfficeServices,
  user: StaffUser,
  input: RequiredInput,
) {
  mustAdministerAll(user);
  const ids = [...new Set(input.organizaciones)].sort();
  await services.db.transaction(async (tx) => {
    const before = await store.setRequiredOrganizations(tx, ids, user.id);
    if (JSON.stringify(before) !== JSON.stringify(ids))
      await appendAudit(services, tx, {
        actorId: user.id,
        action: 'sso.organizaciones',
        detail: { antes: before, despues: ids },
      });
  });
  return getSsoSettings(services, backOffice);
}
