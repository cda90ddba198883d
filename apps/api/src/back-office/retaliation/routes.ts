import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import {
  attendRetaliationReport,
  listRetaliationReports,
  listRetaliationSettings,
  saveRetaliationSettings,
} from './retaliation';

/** Protection after closing (decision 0060): check-in days, open reports, attending one. */
export const retaliationRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.getRetaliationSettings, {
    handler: async (request) => listRetaliationSettings(services, request.staff),
  });
  route(app, contract.updateRetaliationSettings, {
    handler: async (request) => saveRetaliationSettings(services, request.staff, request.body),
  });
  route(app, contract.listRetaliationReports, {
    handler: async (request) => listRetaliationReports(services, request.staff),
  });
  route(app, contract.attendRetaliationReport, {
    handler: async (request) => attendRetaliationReport(services, request.staff, request.params.id),
  });
};
