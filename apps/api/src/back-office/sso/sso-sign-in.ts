import * as oidc from 'openid-client';
import { canonicalJson } from '@canal/shared/proof';
import type { Services } from '../../core/services';
import type { Db } from '../../db/database';
import { appendAudit } from '../../core/audit/audit-log';
import { newOpaqueToken, tokenDigest } from '../../core/tokens/opaque-token';
import { staffRepository as repo, type StaffRow } from '../staff/repository';
import type { BackOfficeServices } from '../services';
import { accessFromClaims } from './claims';
import type { SsoProvider } from './oidc-clients';
import { ssoStore } from './sso-store';

/** Why an SSO sign-in was refused: the sign-in page's `?sso=` value says it in Spanish. */
export type SsoRefusal = 'vencido' | 'fallido' | 'sin-cuenta' | 'sin-acceso';

export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    /** For the audit log only (the library's own words about a failed check). */
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The library's words about a failed check, its causes included («unexpected JWT "aud" …»). */
export function whatFailed(error: unknown): string {
  const words: string[] = [];
  for (let e: unknown = error; e && words.length < 4; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error) words.push(e.message);
    else if (typeof e === 'object') {
      const { claim, code, error: oauthError } = e as Record<string, unknown>;
      words.push([claim, code, oauthError].filter((w) => typeof w === 'string').join(' '));
      break;
    }
  }
  return words.filter(Boolean).join(' — ');
}

/** Where the provider sends the browser back: one address for every provider. */
export const ssoRedirectUri = (services: Services) =>
  `${services.config.publicUrl}/v1/gestion/sso/retorno`;

/**
 * Starts a sign-in at a provider: state, nonce and a PKCE verifier are stored (the verifier sealed)
 * under the digest of a random key the browser keeps in a cookie; the answer is where to go.
 */
export async function startSsoSignIn(
  services: Services,
  backOffice: BackOfficeServices,
  provider: SsoProvider,
): Promise<{ key: string; url: string }> {
  const configuration = await backOffice.oidc.configuration(provider);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const { token: key, digest } = newOpaqueToken();
  await ssoStore.sweepLogins(services.db);
  await ssoStore.insertLogin(services.db, digest, {
    provider: provider.id,
    state,
    nonce,
    code_verifier_enc: services.keyring.sealWithMaster(verifier),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    ...provider.authorizationParams,
    redirect_uri: ssoRedirectUri(services),
    scope: provider.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { key, url: url.href };
}

/** The account a provider's subject signs in to: bound before, or the invited e-mail now. */
async function accountFor(
  services: Services,
  tx: Db,
  provider: SsoProvider,
  claims: oidc.IDToken,
  access: NonNullable<ReturnType<typeof accessFromClaims>>,
): Promise<StaffRow> {
  const bound = await ssoStore.userOfIdentity(tx, provider.id, claims.sub);
  if (bound) return (await repo.findById(tx, bound))!;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  if (!email || claims.email_verified === false)
    throw new SsoRefused('sin-cuenta', 'el proveedor no dio un correo verificado');
  let user = await repo.findByEmail(tx, email);
  if (!user && provider.autoCreate) {
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name : email;
    const id = await repo.insert(tx, { email, name: name.slice(0, 200), role: access.role });
    await appendAudit(services, tx, {
      actorId: null,
      action: 'usuario.invitado',
      detail: { usuario_id: id, rol: access.role, origen: `sso:${provider.id}` },
    });
    user = await repo.findById(tx, id);
  }
  if (!user) throw new SsoRefused('sin-cuenta', 'correo sin cuenta invitada');
  if (!(await ssoStore.bindIdentity(tx, provider.id, claims.sub, user.id)))
    throw new SsoRefused('sin-cuenta', 'la cuenta ya está vinculada a otra identidad');
  return user;
}

/**
 * Role and organisations follow the claims; a change is audited. One change is refused (decision
 * 0077): claims that would take the administrator role from the last active administrator (as
 * `updateUser` counts them: with a password and code, the break-glass access). That person keeps
 * the role and organisations they had, the refusal is audited, and the sign-in goes on, so the
 * channel always keeps someone able to administer it. The administrators' rows are locked first,
 * so two last administrators demoted at once on two instances do not both lose the role.
 *
 * Answers the request refused (its canonical JSON), or null. A session's re-checks ask again
 * every few minutes: `refusedBefore`, what this session refused last, is not audited again, so
 * the log holds one entry per session and request, as it happened, not one per re-check.
 */
export async function applyAccess(
  services: Services,
  tx: Db,
  user: StaffRow,
  access: NonNullable<ReturnType<typeof accessFromClaims>>,
  provider: string,
  refusedBefore: string | null = null,
): Promise<string | null> {
  if (user.role === 'administrador' && access.role !== 'administrador') {
    await repo.lockActiveAdministrators(tx);
    if ((await repo.countActiveAdministrators(tx, user.id)) === 0) {
      const refused = canonicalJson({ rol: access.role, organizaciones: access.organizationIds });
      if (refused !== refusedBefore)
        await appendAudit(services, tx, {
          actorId: null,
          action: 'usuario.degradacion_rechazada',
          detail: {
            usuario_id: user.id,
            rol_pedido: access.role,
            organizaciones_pedidas: access.organizationIds,
            origen: `sso:${provider}`,
          },
        });
      return refused;
    }
  }
  const sameOrganizations =
    JSON.stringify([...user.organization_ids].sort()) === JSON.stringify(access.organizationIds);
  if (user.role === access.role && sameOrganizations) return null;
  await repo.update(tx, user.id, { role: access.role });
  await repo.setOrganizations(tx, user.id, access.organizationIds);
  await appendAudit(services, tx, {
    actorId: null,
    action: 'usuario.modificado',
    detail: {
      usuario_id: user.id,
      rol: access.role,
      organizaciones: access.organizationIds,
      origen: `sso:${provider}`,
    },
  });
  return null;
}

/**
 * The provider's answer at the callback: the stored sign-in is taken (single use), the code is
 * exchanged with the verifier, and `openid-client` checks state, issuer, audience, expiry,
 * signature and nonce. The claims must give a role; the account is the bound or invited one.
 */
export async function finishSsoSignIn(
  services: Services,
  backOffice: BackOfficeServices,
  key: string | undefined,
  currentUrl: URL,
): Promise<{
  userId: number;
  provider: string;
  refreshEnc: string | null;
  /** The demotion refused and audited (`applyAccess`): the session keeps it for its re-checks. */
  refusedDemotion: string | null;
}> {
  const login = key ? await ssoStore.takeLogin(services.db, tokenDigest(key)) : null;
  if (!login) throw new SsoRefused('vencido', 'sin inicio pendiente en este navegador');
  const provider = await backOffice.oidc.find(login.provider);
  if (!provider) throw new SsoRefused('fallido', 'proveedor ya no configurado');
  const configuration = await backOffice.oidc.configuration(provider);
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: services.keyring.openWithMaster(login.code_verifier_enc),
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new SsoRefused('fallido', whatFailed(error));
  }
  const claims = tokens.claims()!;
  const access = accessFromClaims(provider, claims);
  if (!access) throw new SsoRefused('sin-acceso', 'los grupos del proveedor no dan un rol');
  const { user, refusedDemotion } = await services.db.transaction(async (tx) => {
    const account = await accountFor(services, tx, provider, claims, access);
    if (!account.active) throw new SsoRefused('sin-acceso', 'cuenta desactivada');
    const refused = await applyAccess(services, tx, account, access, provider.id);
    await ssoStore.markActivated(tx, account.id);
    return { user: account, refusedDemotion: refused };
  });
  return {
    userId: user.id,
    provider: provider.id,
    refusedDemotion,
    refreshEnc: tokens.refresh_token ? services.keyring.sealWithMaster(tokens.refresh_token) : null,
  };
}
