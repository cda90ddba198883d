import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { listPrivacySettings, savePrivacySettings } from './settings';

/** Each organisation's data-protection contact and retention period (issue 19): administrators. */
export const privacySettingsRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.getPrivacySettings, {
    handler: async (request) => listPrivacySettings(services, request.staff),
  });

  route(app, contract.updatePrivacySettings, {
    handler: async (request) => savePrivacySettings(services, request.staff, request.body),
  });
};
