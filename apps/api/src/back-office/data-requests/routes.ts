import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import {
  answerDataRequest,
  createDataRequest,
  extendDataRequest,
  listDataRequests,
  previewAccessAnswer,
  viewDataRequest,
} from './register';

/** The register of data-protection requests (Law 21.719, issue 19). Thin. */
export const dataRequestRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.listDataRequests, {
    handler: async (request) =>
      listDataRequests(services, request.staff, request.query.estado === 'abiertas'),
  });

  route(app, contract.createDataRequest, {
    handler: async (request, reply) => {
      const id = await createDataRequest(services, request.staff, request.body);
      return reply.code(201).send({ id });
    },
  });

  route(app, contract.viewDataRequest, {
    handler: async (request) => viewDataRequest(services, request.staff, request.params.id),
  });

  route(app, contract.previewAccessAnswer, {
    handler: async (request) => previewAccessAnswer(services, request.staff, request.params.id),
  });

  route(app, contract.extendDataRequest, {
    handler: async (request) => {
      const due = await extendDataRequest(
        services,
        request.staff,
        request.params.id,
        request.body.motivo,
      );
      return { message: `Plazo prorrogado hasta el ${due.split('-').reverse().join('-')}.` };
    },
  });

  route(app, contract.answerDataRequest, {
    handler: async (request) => {
      await answerDataRequest(services, request.staff, request.params.id, request.body);
      return { message: 'Respuesta registrada.' };
    },
  });
};
