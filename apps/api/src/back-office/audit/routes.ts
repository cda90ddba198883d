import type { FastifyPluginAsync } from 'fastify';
import { contract, type HandlerInputOf } from '@canal/shared/contract';
import { route } from '../../http/route';
import { appendAudit, verifyAuditChain } from '../../core/audit/audit-log';
import { auditRepository, type AuditFilter, type AuditListRow } from '../../core/audit/repository';
import { actorName } from '../../core/complaints/complaint-log';
import { csvDay, csvHeaders, csvInstant, spreadsheetCsv } from '../export/spreadsheet-csv';
import { staffDay } from '../cases/case-view';
import { inWords } from './describe';
import { auditScope } from './repository';

type Filters = HandlerInputOf<typeof contract.exportAuditCsv>['querystring'];
const toFilter = (q: Filters): AuditFilter => ({
  complaintId: q.caso,
  actorId: q.usuario,
  person: q.persona || undefined,
  action: q.accion,
  caseNumber: q.numero_caso || undefined,
  from: q.desde,
  to: q.hasta,
});

/**
 * Whether an entry shows its day only: what no staff member did about an anonymous case (a rule's
 * assignment at filing, the complainant's request) happened when the complainant acted, which
 * staff never learn to the minute, as on the case page (issue 25).
 */
const dayOnly = (r: AuditListRow) => r.is_anonymous === true && r.actor_id === null;

/** The most entries one export holds; narrower filters give the rest. */
export const AUDIT_EXPORT_LIMIT = 100_000;

/**
 * The audit log, for auditors and administrators: the entries each may see (`auditScope`: the
 * cases and organisations they see), newest first, on screen and exported alike; and the chain
 * check, which walks the whole chain.
 */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.auditLog, {
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await auditRepository.page(
        services.db,
        q.limite,
        q.desplazamiento,
        toFilter(q),
        auditScope(request.staff),
      );
      return {
        total,
        entradas: (await inWords(services.db, rows)).map(({ row: r, detail, action, summary }) => ({
          id: r.id,
          fecha: dayOnly(r) ? staffDay(r.created_at) : r.created_at.toISOString(),
          accion: r.action,
          usuario:
            r.actor_id === null
              ? null
              : { id: r.actor_id, nombre: r.actor_name, email: r.actor_email },
          caso_id: r.complaint_id,
          numero_caso: r.case_number,
          accion_nombre: action,
          resumen: summary,
          detalle: detail,
          hash: r.hash,
          hash_anterior: r.prev_hash,
        })),
      };
    },
  });

  route(app, contract.exportAuditCsv, {
    handler: async (request, reply) => {
      const filter = toFilter(request.query);
      const { rows } = await auditRepository.page(
        services.db,
        AUDIT_EXPORT_LIMIT,
        0,
        filter,
        auditScope(request.staff),
      );
      const entries = await inWords(services.db, rows);
      await appendAudit(services, services.db, {
        actorId: request.staff.id,
        action: 'auditoria.exportada',
        detail: { filas: rows.length, filtros: { ...request.query } },
      });
      const csv = spreadsheetCsv(
        ['N°', 'Fecha', 'Acción', 'Persona', 'Correo', 'Caso', 'Detalle', 'Hash'],
        entries.map(({ row: r, action, summary }) => [
          r.id,
          dayOnly(r) ? csvDay(staffDay(r.created_at)) : csvInstant(r.created_at),
          action,
          actorName(r.actor_id, r.actor_name),
          r.actor_email,
          r.case_number,
          summary,
          r.hash,
        ]),
      );
      return reply.headers(csvHeaders('registro-de-auditoria.csv')).send(csv);
    },
  });

  route(app, contract.verifyAuditChain, {
    handler: async (request) => {
      const report = await verifyAuditChain(services, services.db);
      await appendAudit(services, services.db, {
        actorId: request.staff.id,
        action: 'auditoria.verificada',
        detail: { integra: report.ok },
      });
      return { integra: report.ok, entradas: report.entries, primera_rota: report.firstBroken };
    },
  });
};
