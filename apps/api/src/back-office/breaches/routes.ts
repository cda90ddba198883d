import type { FastifyPluginAsync } from 'fastify';
import { BREACH_DATA_KIND_LABELS, BREACH_RISK_LABELS, organizationById } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { appendAudit } from '../../core/audit/audit-log';
import { csvDay, csvHeaders, csvInstant, spreadsheetCsv } from '../export/spreadsheet-csv';
import { createBreach, listBreaches, updateBreach } from './register';
import { notifyBreachSubjects } from './notify';

/** The register of security incidents (issue 19): administrators only, every change audited. */
export const breachRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.listBreaches, {
    handler: async (request) => listBreaches(services, request.staff),
  });

  route(app, contract.createBreach, {
    handler: async (request, reply) =>
      reply.code(201).send(await createBreach(services, request.staff, request.body)),
  });

  route(app, contract.updateBreach, {
    handler: async (request) =>
      updateBreach(services, request.staff, request.params.id, request.body),
  });

  route(app, contract.notifyBreachSubjects, {
    handler: async (request) => notifyBreachSubjects(services, request.staff, request.params.id),
  });

  route(app, contract.exportBreachesCsv, {
    handler: async (request, reply) => {
      const { brechas } = await listBreaches(services, request.staff);
      await appendAudit(services, services.db, {
        actorId: request.staff.id,
        action: 'brechas.exportadas',
        detail: { filas: brechas.length },
      });
      const csv = spreadsheetCsv(
        [
          'N°',
          'Detectado',
          'Qué ocurrió',
          'Organizaciones',
          'Casos',
          'Datos afectados',
          'Riesgo',
          'Evaluación del riesgo',
          'Medidas',
          'Aviso a la Agencia',
          'Aviso a las personas afectadas',
          'Casos avisados',
          'Registrado',
          'Registrado por',
        ],
        brechas.map((b) => [
          b.id,
          csvDay(b.detectada),
          b.descripcion,
          b.organizaciones.map((id) => organizationById(id).shortName).join(', '),
          b.casos.map((c) => c.numero).join(', '),
          b.datos.map((k) => BREACH_DATA_KIND_LABELS[k]).join(', '),
          BREACH_RISK_LABELS[b.riesgo],
          b.evaluacion,
          b.medidas,
          csvDay(b.aviso_agencia),
          csvDay(b.aviso_personas),
          b.casos.filter((c) => c.avisado !== null).length,
          csvInstant(new Date(b.registrada)),
          b.registrada_por,
        ]),
      );
      return reply.headers(csvHeaders('registro-de-incidentes.csv')).send(csv);
    },
  });
};
