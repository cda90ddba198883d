import { portalUrlOf, webPaths, type Organization } from '@canal/shared';
import type { ActivationReceiptWire } from '@canal/shared/contract';
import type { Db } from '../../db/database';
import type { Services } from '../../core/services';
import { resetRepository as passwordLinks } from '../../core/auth/password-reset-store';
import { activationCodeDigest, newActivationCode } from '../../core/auth/activation-code';
import { newOpaqueToken } from '../../core/tokens/opaque-token';

/**
 * How long an activation works: the person takes the paper home, so longer than the portal's
 * 30-minute reset link; the same 72 hours as a staff invitation (decisions 0015, 0075).
 */
export const ACTIVATION_LINK_HOURS = 72;

/**
 * A new activation of a complaint recorded by staff, inside the caller's transaction: a single-use
 * link and its short code in one row (only their digests), so using either spends both. What the
 * receipt prints; it cannot be read again.
 */
export async function issueActivation(
  services: Services,
  tx: Db,
  complaintId: number,
  org: Organization,
): Promise<ActivationReceiptWire['activacion']> {
  const link = newOpaqueToken();
  const code = newActivationCode();
  const expiresAt = await passwordLinks.insert(
    tx,
    link.digest,
    complaintId,
    ACTIVATION_LINK_HOURS * 60,
    activationCodeDigest(services.keyring, complaintId, code),
  );
  const portal = (path: string) =>
    portalUrlOf(org, services.config.publicUrl, services.config.PORTAL_HOST_PREFIX, path);
  return {
    url: portal(webPaths.resetPassword(link.token)),
    codigo: code,
    pagina: portal(webPaths.activateComplaint()),
    vence: expiresAt.toISOString(),
  };
}
