import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_FILINGS_PER_HOUR, type ClientLimits } from '../config';
import { FilingLimit } from './complaints/filing-limit';
import { createResumableStore } from '../core/files/resumable-http';
import { resumableRoutes } from './complaints/resumable-routes';
import type { PortalServices } from './services';
import { masterDataRoutes } from './master-data/routes';
import { complaintRoutes } from './complaints/routes';
import { recoveryRoutes } from './recovery/routes';
import { rightsRoutes } from './rights/routes';
import { privacyNoticeRoutes } from './privacy/routes';
import { publicKeyRoutes } from './proof/routes';
import { fileRoutes } from './files/routes';
import { botCheckRoutes } from './bot-check/routes';
import { devMailboxRoutes } from './dev-mailbox/routes';

export interface PortalRoutesOptions {
  /** The portal's own services, decorated here as `app.portal` for its routes and guards. */
  services: PortalServices;
  /** The per-client limits of sign-in, recovery and filing. */
  limits: ClientLimits;
  /** The local mailbox under /dev/correo (never in production). */
  devMailbox: boolean;
}

/** The complainant's API (SPEC §7) under /v1, and the local mailbox when asked for. */
export const portalRoutes: FastifyPluginAsync<PortalRoutesOptions> = async (app, options) => {
  app.decorate('portal', options.services);
  const { limits } = options;
  const filingLimit = new FilingLimit(
    app.services.db,
    app.services.keyring.derive('client-limits'),
    limits.filing ?? DEFAULT_FILINGS_PER_HOUR,
  );
  await app.register(masterDataRoutes, { prefix: '/v1/datos-maestros' });
  const resumable = createResumableStore(app.services);
  await app.register(complaintRoutes, {
    prefix: '/v1/denuncias',
    limits,
    filingLimit,
    resumable,
  });
  await app.register(resumableRoutes, { store: resumable });
  await app.register(recoveryRoutes, { prefix: '/v1/denuncias', limits });
  await app.register(rightsRoutes, { prefix: '/v1/denuncias', limits });
  await app.register(fileRoutes, { prefix: '/v1' });
  await app.register(botCheckRoutes, { prefix: '/v1', filingLimit });
  await app.register(privacyNoticeRoutes, { prefix: '/v1' });
  await app.register(publicKeyRoutes);
  if (options.devMailbox) await app.register(devMailboxRoutes);
};
