import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../../config';
import type { Keyring } from '../../crypto/keys';
import type { Db } from '../../db/database';
import { ssoProvidersStore, type SsoProviderRow } from './providers-store';

/** A provider staff may sign in with: from the environment, or saved in the back office. */
export interface SsoProvider extends OidcProviderConfig {
  origin: 'entorno' | 'gestion';
  /** Changes whenever the provider's settings change (the discovered metadata is read again). */
  version: string;
}

/** A provider saved in the back office, its secret opened, as a sign-in uses it. */
export function providerOfRow(row: SsoProviderRow, keyring: Keyring): SsoProvider {
  return {
    origin: 'gestion',
    version: row.updated_at.toISOString(),
    id: row.id,
    nombre: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: keyring.openWithMaster(row.client_secret_enc),
    scopes: row.scopes,
    authorizationParams: row.authorization_params,
    groupsClaim: row.groups_claim,
    roles: row.roles,
    organizations: row.organizations,
    autoCreate: row.auto_create,
  };
}

/**
 * The providers and their discovered metadata (issuer, endpoints, keys). Those of the environment
 * are fixed at start; those of the back office (decision 0077) are read from PostgreSQL at every
 * use, so a provider added, changed or disabled on one instance applies on every instance at its
 * next sign-in or re-check. The metadata is kept per process under the provider's version, read
 * again after a change or a failure. Nothing of a sign-in is kept here: its state, nonce and
 * verifier are in PostgreSQL (`staff_oidc_logins`), so the callback may reach any instance.
 * `openid-client` checks what the provider answers: issuer, audience, expiry, signature, nonce,
 * state and PKCE.
 */
export class OidcClients {
  private readonly configurations = new Map<
    string,
    { version: string; found: Promise<oidc.Configuration> }
  >();
  readonly fromEnvironment: readonly SsoProvider[];

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
    environment: readonly OidcProviderConfig[],
    /** Outside production a provider may be reached over http (tests, a local Keycloak). */
    private readonly allowHttp: boolean,
  ) {
    this.fromEnvironment = environment.map((p) => ({
      ...p,
      origin: 'entorno' as const,
      version: 'entorno',
    }));
  }

  /** Every provider a person may sign in with now: the environment's, then the enabled saved ones. */
  async providers(): Promise<SsoProvider[]> {
    const taken = new Set(this.fromEnvironment.map((p) => p.id));
    const saved = (await ssoProvidersStore.all(this.db)).filter(
      (row) => row.enabled && !taken.has(row.id),
    );
    return [...this.fromEnvironment, ...saved.map((row) => providerOfRow(row, this.keyring))];
  }

  async find(id: string): Promise<SsoProvider | undefined> {
    const fixed = this.fromEnvironment.find((p) => p.id === id);
    if (fixed) return fixed;
    const row = await ssoProvidersStore.find(this.db, id);
    return row?.enabled ? providerOfRow(row, this.keyring) : undefined;
  }

  configuration(provider: SsoProvider): Promise<oidc.Configuration> {
    const known = this.configurations.get(provider.id);
    if (known?.version === provider.version) return known.found;
    const found = oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      undefined,
      this.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    const entry = { version: provider.version, found };
    this.configurations.set(provider.id, entry);
    found.catch(() => {
      if (this.configurations.get(provider.id) === entry) this.configurations.delete(provider.id);
    });
    return found;
  }
}
