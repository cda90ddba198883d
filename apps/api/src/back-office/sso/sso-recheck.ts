import * as oidc from 'openid-client';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { sessionStore } from '../../core/auth/session-store';
import { AppError } from '../../errors';
import { staffRepository as repo } from '../staff/repository';
import type { BackOfficeServices } from '../services';
import { accessFromClaims } from './claims';
import { applyAccess, whatFailed } from './sso-sign-in';
import { ssoStore } from './sso-store';

/** The claims a refresh gives: its ID token's, or the user-info endpoint's. */
async function freshClaims(configuration: oidc.Configuration, refreshToken: string) {
  const tokens = await oidc.refreshTokenGrant(configuration, refreshToken);
  const claims =
    tokens.claims() ??
    (await oidc.fetchUserInfo(configuration, tokens.access_token, oidc.skipSubjectCheck));
  return { claims: claims as Record<string, unknown>, refreshToken: tokens.refresh_token };
}

/**
 * An SSO session past `OIDC_RECHECK_MINUTES` since its last check reads the provider's claims again
 * (its refresh token): role and organisations follow them (a refused demotion of the last
 * administrator is audited once per session and request: `applyAccess`), and a person the
 * provider no longer gives a role (removed from the group), or a refresh the provider refuses,
 * loses the session at this request. One instance claims each re-check (`claimRecheck`); the provider unreachable ends
 * the session too (it fails closed: signing in again by SSO reads the claims anew).
 */
export async function recheckSsoSession(
  services: Services,
  backOffice: BackOfficeServices,
  tokenHash: string,
): Promise<void> {
  const { db, keyring, config } = services;
  const due = await ssoStore.claimRecheck(db, tokenHash, config.OIDC_RECHECK_MINUTES);
  if (!due) return;
  const provider = await backOffice.oidc.find(due.provider);
  let access: ReturnType<typeof accessFromClaims> = null;
  let reason = provider ? 'sin token de renovación' : 'proveedor deshabilitado o ya no configurado';
  if (provider && due.refresh_enc) {
    try {
      const configuration = await backOffice.oidc.configuration(provider);
      const fresh = await freshClaims(configuration, keyring.openWithMaster(due.refresh_enc));
      access = accessFromClaims(provider, fresh.claims);
      reason = 'los grupos del proveedor ya no dan un rol';
      if (fresh.refreshToken)
        await ssoStore.setRefreshToken(db, tokenHash, keyring.sealWithMaster(fresh.refreshToken));
    } catch (error) {
      reason = whatFailed(error);
    }
  }
  if (!access) {
    await sessionStore.deleteStaffSession(db, tokenHash);
    await appendAudit(services, db, {
      actorId: due.user_id,
      action: 'sesion.sso_revocada',
      detail: { proveedor: due.provider, motivo: reason },
    });
    throw new AppError('STAFF_UNAUTHORIZED');
  }
  const granted = access;
  await db.transaction(async (tx) => {
    const user = (await repo.findById(tx, due.user_id))!;
    const refused = await applyAccess(
      services,
      tx,
      user,
      granted,
      due.provider,
      due.refused_demotion,
    );
    if (refused !== due.refused_demotion) await ssoStore.setRefusedDemotion(tx, tokenHash, refused);
  });
}
