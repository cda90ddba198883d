// Single sign-on configured in the back office (issue 24, decision 0077): the providers (the
// environment's read-only, the back office's editable; never a secret) and the organisations that
// require SSO. The calls through the contract, their query key, hooks and mappers both ways.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORGANIZATIONS,
  ssoProviderInputFromForm,
  type SsoProviderForm as SsoProviderFormWire,
} from '@canal/shared';
import { contract, type SsoProviderConfigWire, type SsoSettingsWire } from '@canal/shared/contract';
import { bodyNames } from './names';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

export const toSsoProviderConfig = (wire: SsoProviderConfigWire) => ({
  id: wire.id,
  /** Where it is configured: the environment (read-only here) or the back office. */
  fromEnvironment: wire.origen === 'entorno',
  name: wire.nombre,
  issuer: wire.emisor,
  clientId: wire.cliente_id,
  secretStored: wire.secreto_guardado,
  scopes: wire.alcances,
  params: wire.parametros,
  groupsClaim: wire.claim_grupos,
  roles: wire.roles,
  /** Group → the organisations it gives. */
  organizations: wire.organizaciones,
  autoCreate: wire.creacion_automatica,
  enabled: wire.habilitado,
  updatedAt: wire.actualizado,
});
export type SsoProviderConfig = ReturnType<typeof toSsoProviderConfig>;

export const toSsoSettings = (wire: SsoSettingsWire) => ({
  /** The redirect URI to register at each provider. */
  redirectUri: wire.retorno,
  providers: wire.proveedores.map(toSsoProviderConfig),
  required: wire.organizaciones_sso.map((o) => ({
    organizationId: o.organizacion,
    fromEnvironment: o.origen === 'entorno',
  })),
});
export type SsoSettings = ReturnType<typeof toSsoSettings>;

/** The provider form's front names and the (form) body names they stand for. */
export const ssoProviderNames = bodyNames<SsoProviderFormWire>()({
  id: 'id',
  name: 'nombre',
  issuer: 'emisor',
  clientId: 'cliente_id',
  clientSecret: 'cliente_secreto',
  scopes: 'alcances',
  params: 'parametros',
  groupsClaim: 'claim_grupos',
  adminGroups: 'grupos_administrador',
  investigatorGroups: 'grupos_investigador',
  auditorGroups: 'grupos_auditor',
  organizationGroups: 'grupos_organizacion',
  autoCreate: 'creacion_automatica',
  enabled: 'habilitado',
});
export type SsoProviderChange = Parameters<typeof ssoProviderNames.toWire>[0];

/** The form's values for a provider (empty for a new one); the secret is never known here. */
export function ssoProviderFormValues(p: SsoProviderConfig | null): SsoProviderChange {
  const groupsOf = (org: string) =>
    Object.entries(p?.organizations ?? {})
      .filter(([, orgs]) => orgs.includes(org))
      .map(([group]) => group)
      .join('\n');
  return {
    id: p?.id ?? '',
    name: p?.name ?? '',
    issuer: p?.issuer ?? '',
    clientId: p?.clientId ?? '',
    clientSecret: '',
    scopes: p?.scopes ?? 'openid email profile',
    params: Object.entries(p?.params ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
    groupsClaim: p?.groupsClaim ?? 'groups',
    adminGroups: (p?.roles.administrador ?? []).join('\n'),
    investigatorGroups: (p?.roles.investigador ?? []).join('\n'),
    auditorGroups: (p?.roles.auditor ?? []).join('\n'),
    organizationGroups: Object.fromEntries(ORGANIZATIONS.map((o) => [o.id, groupsOf(o.id)])),
    autoCreate: p?.autoCreate ?? false,
    enabled: p?.enabled ?? true,
  };
}

export function useSsoSettings(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    enabled,
    queryKey: staffKeys.ssoSettings(),
    queryFn: async () => toSsoSettings(await api(contract.getSsoSettings, {})),
  });
}

export function useSaveSsoProvider() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: SsoProviderChange) => {
      const form = ssoProviderNames.toWire(change);
      return toSsoSettings(
        await api(contract.saveSsoProvider, {
          params: { proveedor: form.id },
          body: ssoProviderInputFromForm(form),
        }),
      );
    },
    onSuccess: (saved) => {
      client.setQueryData(staffKeys.ssoSettings(), saved);
      void client.invalidateQueries({ queryKey: staffKeys.ssoProviders() });
    },
  });
}

export function useSaveSsoRequired() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (organizationIds: string[]) =>
      toSsoSettings(
        await api(contract.saveSsoRequired, { body: { organizaciones: organizationIds } }),
      ),
    onSuccess: (saved) => client.setQueryData(staffKeys.ssoSettings(), saved),
  });
}
