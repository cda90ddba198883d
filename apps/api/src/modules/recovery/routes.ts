import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeRecoveryPayloadSchema, passwordRecoveryPayloadSchema, resetPasswordPayloadSchema } from '@canal/shared';
import type { ClientLimits } from '../../app';
import { requireOrganization } from '../../http/organization';
import { requireHuman, ticketFrom } from '../../http/guards';
import { AppError } from '../../errors';
import { recoverCodes, requestPasswordReset, resetPassword } from './recovery';

const message = z.object({ message: z.string() });

/** SPEC §7 recovery calls, as DESIGN §5 decides them. Registered under /v1/denuncias. */
export const recoveryRoutes: FastifyPluginAsync<{ limits: ClientLimits }> = async (base, { limits }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['Recuperación'];
  const security = [{ botCheck: [] }];
  const rateLimit = { max: limits.recovery, timeWindow: '15 minutes' };
  app.addHook('preHandler', requireOrganization);
  app.addHook('preHandler', requireHuman);

  app.post(
    '/codigo',
    {
      schema: { tags, security, summary: 'Envía por correo los códigos de denuncia de esa dirección', body: codeRecoveryPayloadSchema, response: { 200: message } },
      config: { rateLimit },
    },
    async (request) => {
      await recoverCodes(app.services, request.organization, request.body.email);
      // The same answer whether or not the address filed a complaint.
      return { message: 'Si el correo corresponde a una denuncia, le enviamos el código.' };
    },
  );

  app.post(
    '/recuperar-password',
    {
      schema: { tags, security, summary: 'Envía un enlace para restablecer la contraseña', body: passwordRecoveryPayloadSchema, response: { 200: message } },
      config: { rateLimit },
    },
    async (request) => {
      let ticket: number;
      try {
        ticket = ticketFrom(request.body.codigo);
      } catch {
        throw new AppError('RESET_PAIR_MISMATCH');
      }
      await requestPasswordReset(app.services, request.organization, ticket, request.body.email);
      return { message: 'Le enviamos a su correo un enlace para crear una nueva contraseña.' };
    },
  );

  app.post(
    '/restablecer-password',
    {
      schema: { tags, security, summary: 'Crea una nueva contraseña con el enlace recibido', body: resetPasswordPayloadSchema, response: { 200: message.extend({ ticket: z.number() }) } },
      config: { rateLimit },
    },
    async (request) => {
      const { ticket } = await resetPassword(app.services, request.body.token, request.body.password);
      return { message: 'Su contraseña fue actualizada.', ticket };
    },
  );
};
