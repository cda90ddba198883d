import type { FastifyPluginAsync } from 'fastify';
import { contract, type HandlerInputOf } from '@canal/shared/contract';
import { route } from '../../http/route';
import { csvHeaders } from '../export/spreadsheet-csv';
import { exportCsv, exportHalfYearCsv, halfYearReport, statistics } from './statistics';

type Filters = HandlerInputOf<typeof contract.statistics>['querystring'];
const toFilters = (q: Filters) => ({ organizationId: q.organizacion, from: q.desde, to: q.hasta });

/** Statistics over the cases each person may see (any signed-in role). */
export const statsRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.statistics, {
    handler: async (request) => statistics(services, request.staff, toFilters(request.query)),
  });

  route(app, contract.exportCasesCsv, {
    handler: async (request, reply) => {
      const csv = await exportCsv(services, request.staff, toFilters(request.query));
      return reply.headers(csvHeaders('casos.csv')).send(csv);
    },
  });

  route(app, contract.halfYearReport, {
    handler: async (request) =>
      halfYearReport(
        services,
        request.staff,
        request.query.anio,
        Number(request.query.semestre) as 1 | 2,
      ),
  });

  route(app, contract.exportHalfYearCsv, {
    handler: async (request, reply) => {
      const { anio, semestre } = request.query;
      const csv = await exportHalfYearCsv(services, request.staff, anio, Number(semestre) as 1 | 2);
      return reply.headers(csvHeaders(`anexo-67-${anio}-s${semestre}.csv`)).send(csv);
    },
  });
};
