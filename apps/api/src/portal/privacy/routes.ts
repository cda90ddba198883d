import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { privacySettingsOf } from '../../core/privacy/settings';

/** The privacy notice's data (Law 21.719's information duty): only x-filial, like master data. */
export const privacyNoticeRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  route(app, contract.privacyNotice, {
    handler: async (request) => {
      const { organizacion, contacto, retencion_anios } = await privacySettingsOf(
        services.db,
        request.organization.id,
      );
      return { organizacion, contacto, retencion_anios };
    },
  });
};
