import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { requireRole, requireStaff } from '../staff/guard';
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
  const administrators = [requireStaff, requireRole('administrador')];

  route(app, contract.getMasterData, {
    guards: administrators,
    handler: async (request) => masterDataView(services, request.query.organizacion),
  });

  route(app, contract.createMasterItem, {
    guards: administrators,
    handler: async (request, reply) =>
      reply.code(201).send(await addMasterItem(services, request.staff.id, request.body)),
  });

  route(app, contract.updateMasterItem, {
    guards: administrators,
    handler: async (request) =>
      updateMasterItem(services, request.staff.id, request.params.id, request.body),
  });

  route(app, contract.setMasterItemActive, {
    guards: administrators,
    handler: async (request) =>
      setMasterItemActive(services, request.staff.id, request.params.id, request.body),
  });

  route(app, contract.reorderMasterList, {
    guards: administrators,
    handler: async (request) => reorderMasterList(services, request.staff.id, request.body),
  });
};
