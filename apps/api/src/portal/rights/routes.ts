import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { contract } from '@canal/shared/contract';
import type { ClientLimits } from '../../config';
import { ticketFrom } from '../guards';
import { route } from '../../http/route';
import { complaintForSession } from '../complaints/read-complaint';
import { changePhone, confirmEmailChange, requestEmailChange } from './contact';
import { requestDataRight } from './data-request';
import { personalDataOf } from './personal-data';

/** Law 21.719 on the portal (issue 19): the complainant's rights over their own data. Thin. */
export const rightsRoutes: FastifyPluginAsync<{ limits: ClientLimits }> = async (
  app,
  { limits },
) => {
  const { services } = app;
  const signedInComplaint = (request: FastifyRequest, id: unknown) =>
    complaintForSession(services, request.organization, ticketFrom(id), request.sessionComplaintId);

  route(app, contract.personalDataExport, {
    handler: async (request, reply) => {
      const row = await signedInComplaint(request, request.params.id);
      const data = await personalDataOf(services, row);
      return reply
        .header('content-disposition', `attachment; filename="mis-datos-${row.ticket}.json"`)
        .send(data);
    },
  });

  route(app, contract.changeContactEmail, {
    config: { rateLimit: { max: limits.recovery, timeWindow: '15 minutes' } },
    handler: async (request) => {
      const row = await signedInComplaint(request, request.body.denuncia_id);
      await requestEmailChange(services, row, request.body.email);
      return {
        message:
          'Le enviamos un enlace a la nueva dirección. El cambio se hará cuando lo abra (vence en 24 horas).',
      };
    },
  });

  route(app, contract.confirmContactEmail, {
    config: { rateLimit: { max: limits.recovery, timeWindow: '15 minutes' } },
    handler: async (request) => {
      const { ticket } = await confirmEmailChange(services, request.body.token);
      return { message: 'Su correo de contacto fue actualizado.', ticket };
    },
  });

  route(app, contract.changeContactPhone, {
    handler: async (request) => {
      const row = await signedInComplaint(request, request.body.denuncia_id);
      await changePhone(services, row, request.body.fono);
      return { message: 'Su número de contacto fue actualizado.' };
    },
  });

  route(app, contract.requestDataRight, {
    handler: async (request, reply) => {
      const row = await signedInComplaint(request, request.body.denuncia_id);
      await requestDataRight(services, row, request.body.derecho, request.body.detalle);
      return reply.code(201).send({
        message:
          'Su solicitud fue registrada. El equipo le responderá en la bitácora dentro del plazo legal.',
      });
    },
  });
};
