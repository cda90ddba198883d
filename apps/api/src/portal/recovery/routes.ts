import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import type { ClientLimits } from '../../config';
import { ticketFrom } from '../guards';
import { route } from '../../http/route';
import { AppError } from '../../errors';
import { recoverCodes, requestPasswordReset, resetPassword } from './recovery';
import { activateComplaint } from './activation';

// Logged without the address: that a cap was reached is what operators need to know.
const CAPPED = 'recuperación: límite de correos por dirección alcanzado, correo no enviado';

/** SPEC §7 recovery calls, as DESIGN §5 decides them. Registered under /v1/denuncias. */
export const recoveryRoutes: FastifyPluginAsync<{ limits: ClientLimits }> = async (
  app,
  { limits },
) => {
  const { services, portal } = app;
  const config = { rateLimit: { max: limits.recovery, timeWindow: '15 minutes' } };

  route(app, contract.recoverCodes, {
    config,
    handler: async (request) => {
      // The same answer, at the same moment, whether or not the address filed a complaint: it is
      // given before the lookup (and the mail) run, so their cost tells nothing.
      const { organization } = request;
      const { email } = request.body;
      setImmediate(() => {
        recoverCodes(services, organization, email).then(
          (outcome) => outcome === 'capped' && request.log.info(CAPPED),
          (err: unknown) => request.log.error({ err }, 'recuperación de códigos fallida'),
        );
      });
      return { message: 'Si el correo corresponde a una denuncia, le enviamos el código.' };
    },
  });

  route(app, contract.requestPasswordReset, {
    config,
    handler: async (request) => {
      let ticket: number;
      try {
        ticket = ticketFrom(request.body.codigo);
      } catch {
        throw new AppError('RESET_PAIR_MISMATCH');
      }
      const outcome = await requestPasswordReset(
        services,
        request.organization,
        ticket,
        request.body.email,
      );
      // Past the address's cap: the same answer as a mail sent, and no mail.
      if (outcome === 'capped') request.log.info(CAPPED);
      return { message: 'Le enviamos a su correo un enlace para crear una nueva contraseña.' };
    },
  });

  route(app, contract.resetPassword, {
    config,
    handler: async (request) => {
      const { ticket } = await resetPassword(
        services,
        portal,
        request.body.token,
        request.body.password,
      );
      return { message: 'Su contraseña fue actualizada.', ticket };
    },
  });

  route(app, contract.activateComplaint, {
    config,
    handler: async (request) => {
      const { ticket } = await activateComplaint(
        services,
        portal,
        request.organization,
        request.body,
      );
      return { message: 'Su contraseña fue creada.', ticket };
    },
  });
};
