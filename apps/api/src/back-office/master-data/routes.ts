import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import {
  addMasterItem,
  masterDataView,
  reorderMasterList,
  setMasterItemActive,
  updateMasterItem,
} from './admin';

/** Master-data administration (DESIGN §8, decision 0020): administrators only. */
export const masterDataAdminRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.getMasterData, {
    handler: async (request) => masterDataView(services, request.query.organizacion),
  });

  route(app, contract.createMasterItem, {
    handler: async (request, reply) =>
      reply.code(201).send(await addMasterItem(services, request.staff.id, request.body)),
  });

  route(app, contract.updateMasterItem, {
    handler: async (request) =>
      updateMasterItem(services, request.staff.id, request.params.id, request.body),
  });

  route(app, contract.setMasterItemActive, {
    handler: async (request) =>
      setMasterItemActive(services, request.staff.id, request.params.id, request.body),
  });

  route(app, contract.reorderMasterList, {
    handler: async (request) => reorderMasterList(services, request.staff.id, request.body),
  });
};
