import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import type { FilingLimit } from '../complaints/filing-limit';
import type { BotCheck } from './bot-check';

/**
 * The bot check's mode and reCAPTCHA site key, as GET /v1/configuracion answers them and as the
 * portal's page carries them (app.ts portalIndexHtml, issue 26: one round trip less per page).
 */
export function botCheckSettings(
  botCheck: Pick<BotCheck, 'mode'>,
  recaptchaSiteKey: string | undefined,
): { botCheck: BotCheck['mode']; recaptchaSiteKey: string | null } {
  return {
    botCheck: botCheck.mode,
    recaptchaSiteKey: botCheck.mode === 'recaptcha' ? (recaptchaSiteKey ?? null) : null,
  };
}

/** What the portal needs to know to pass the bot check, and the ALTCHA challenge itself. */
export const botCheckRoutes: FastifyPluginAsync<{ filingLimit: FilingLimit }> = async (
  app,
  { filingLimit },
) => {
  const { services, portal } = app;
  route(app, contract.botCheckConfig, {
    handler: async () => botCheckSettings(portal.botCheck, services.config.RECAPTCHA_SITE_KEY),
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
