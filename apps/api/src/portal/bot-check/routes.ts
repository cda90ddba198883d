import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';

/** What the portal needs to know to pass the bot check, and the ALTCHA challenge itself. */
export const botCheckRoutes: FastifyPluginAsync = async (app) => {
  const { services, portal } = app;
  route(app, contract.botCheckConfig, {
    handler: async () => ({
      botCheck: portal.botCheck.mode,
      recaptchaSiteKey:
        portal.botCheck.mode === 'recaptcha' ? (services.config.RECAPTCHA_SITE_KEY ?? null) : null,
    }),
  });
  route(app, contract.altchaChallenge, {
    handler: async (_req, reply) => {
      const { botCheck } = portal;
      if (!botCheck.challenge)
        return reply.code(404).send({ message: 'La verificación ALTCHA no está activa.' });
      reply.header('cache-control', 'no-store');
      return botCheck.challenge();
    },
  });
};
