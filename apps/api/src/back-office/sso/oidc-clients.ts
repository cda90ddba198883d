import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../../config';

/**
 * The configured providers and their discovered metadata (issuer, endpoints, keys), read once per
 * process and read again after a failure. Nothing of a sign-in is kept here: its state, nonce and
 * verifier are in PostgreSQL (`staff_oidc_logins`), so the callback may reach any instance.
 * `openid-client` checks what the provider answers: issuer, audience, expiry, signature, nonce,
 * state and PKCE.
 */
export class OidcClients {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    readonly providers: readonly OidcProviderConfig[],
    /** Outside production a provider may be reached over http (tests, a local Keycloak). */
    private readonly allowHttp: boolean,
  ) {}

  find(id: string): OidcProviderConfig | undefined {
    return this.providers.find((p) => p.id === id);
  }

  configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let found = this.configurations.get(provider.id);
    if (!found) {
      found = oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        undefined,
        this.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      this.configurations.set(provider.id, found);
      found.catch(() => this.configurations.delete(provider.id));
    }
    return found;
  }
}
