import type { FastifyPluginAsync } from 'fastify';

/** What the portal needs to know to pass the bot check, and the ALTCHA challenge itself. */
export const botCheckRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['Verificación'];
  app.get('/configuracion', { schema: { tags, summary: 'Modo de verificación anti-bots del portal' } }, async () => ({
    botCheck: app.services.botCheck.mode,
    recaptchaSiteKey: app.services.botCheck.mode === 'recaptcha' ? app.services.config.RECAPTCHA_SITE_KEY : null,
  }));
  app.get('/altcha', { schema: { tags, summary: 'Nuevo desafío ALTCHA (prueba de trabajo, 10 minutos, un solo uso)' } }, async (_req, reply) => {
    const { botCheck } = app.services;
    if (!botCheck.challenge) return reply.code(404).send({ message: 'La verificación ALTCHA no está activa.' });
    reply.header('cache-control', 'no-store');
    return botCheck.challenge();
  });
};
