import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { recordComplaint } from './record-complaint';
import { reissueActivation } from './reissue-activation';

/** Staff intake: a complaint received verbally, in writing or in person (issue 11). */
export const intakeRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.recordComplaint, {
    handler: async (request, reply) =>
      reply.code(201).send(await recordComplaint(services, request.staff, request.body)),
  });

  route(app, contract.reissueActivation, {
    handler: async (request, reply) =>
      reply.code(201).send(await reissueActivation(services, request.staff, request.params.id)),
  });
};
