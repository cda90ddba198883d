import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { alertCoverage, createRule, deleteRule, listRules, updateRule } from './rules';

/** Routing rules of new-complaint alerts (issue 11): administrators only. */
export const alertRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.alertCoverage, {
    handler: async () => alertCoverage(services),
  });

  route(app, contract.listAlertRules, {
    handler: async () => listRules(services),
  });

  route(app, contract.createAlertRule, {
    handler: async (request, reply) =>
      reply.code(201).send(await createRule(services, request.staff.id, request.body)),
  });

  route(app, contract.updateAlertRule, {
    handler: async (request) =>
      updateRule(services, request.staff.id, request.params.id, request.body),
  });

  route(app, contract.deleteAlertRule, {
    handler: async (request, reply) => {
      await deleteRule(services, request.staff.id, request.params.id);
      return reply.code(204).send();
    },
  });
};
