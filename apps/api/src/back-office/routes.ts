import type { FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import { refuseNulInRequest } from '../http/validation';
import type { BackOfficeServices } from './services';
import { auditRoutes } from './audit/routes';
import { caseRoutes } from './cases/routes';
import { statsRoutes } from './stats/routes';
import { mailRoutes } from './mail/routes';
import { staffRoutes } from './staff/routes';
import { ssoRoutes } from './sso/routes';
import { passkeyRoutes } from './staff/passkey-routes';
import { legalHoldRoutes } from './legal-holds/routes';
import { intakeRoutes } from './intake/routes';
import { alertRoutes } from './alerts/routes';
import { masterDataAdminRoutes } from './master-data/routes';
import { dataRequestRoutes } from './data-requests/routes';
import { privacySettingsRoutes } from './privacy/routes';
import { retaliationRoutes } from './retaliation/routes';
import { breachRoutes } from './breaches/routes';
import { noticeTemplateRoutes } from './templates/routes';

/** The back office API under /v1/gestion (DESIGN §8): staff cookies only, never the complainant's token. */
export const backOfficeRoutes: FastifyPluginAsync<{ services: BackOfficeServices }> = async (
  app,
  options,
) => {
  // Staff sessions and the sign-in throttle: the back office's own services, for its routes only.
  app.decorate('backOffice', options.services);
  // Cookies are parsed and set here only: the portal never reads one.
  await app.register(cookie);
  // Every back-office route, those added later included: a NUL in a field is a 400, never a 500.
  app.addHook('preValidation', refuseNulInRequest);
  await app.register(staffRoutes);
  await app.register(ssoRoutes);
  await app.register(passkeyRoutes);
  await app.register(caseRoutes);
  await app.register(auditRoutes);
  await app.register(statsRoutes);
  await app.register(mailRoutes);
  await app.register(intakeRoutes);
  await app.register(alertRoutes);
  await app.register(masterDataAdminRoutes);
  await app.register(dataRequestRoutes);
  await app.register(privacySettingsRoutes);
  await app.register(retaliationRoutes);
  await app.register(noticeTemplateRoutes);
  await app.register(breachRoutes);
  await app.register(legalHoldRoutes);
};
