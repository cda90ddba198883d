import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import type { FilingLimit } from '../complaints/filing-limit';

/** What the portal needs to know to pass the bot check, and the ALTCHA challenge itself. */
export const botCheckRoutes: FastifyPluginAsync<{ filingLimit: FilingLimit }> = async (
  app,
  { filingLimit },
) => {
  const { services, portal } = app;
  route(app, contract.botCheckConfig, {
    handler: async () => ({
      botCheck: portal.botCheck.mode,
      recaptchaSiteKey:
        portal.botCheck.mode === 'recaptcha' ? (services.config.RECAPTCHA_SITE_KEY ?? null) : null,
    }),
  });
  route(app, contract.altchaChallenge, {
    handler: async (request, reply) => {
      const { botCheck } = portal;
      if (!botCheck.challenge)
        return reply.code(404).send({ message: 'La verificación ALTCHA no está activa.' });
      reply.header('cache-control', 'no-store');
      // An address filing in a flood is asked for more work (issue 21).
      return botCheck.challenge(await filingLimit.level(request.ip));
    },
  });
};
