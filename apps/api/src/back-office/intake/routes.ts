import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { recordComplaint } from './record-complaint';

/** Staff intake: a complaint received verbally, in writing or in person (issue 11). */
export const intakeRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.recordComplaint, {
    handler: async (request, reply) =>
      reply.code(201).send(await recordComplaint(services, request.staff, request.body)),
  });
};
