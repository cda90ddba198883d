import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { requireRole, requireStaff } from '../staff/guard';
import { appendAudit, verifyAuditChain } from '../../core/audit/audit-log';
import { auditRepository } from '../../core/audit/repository';

/** The audit log, for auditors and administrators: entries newest first, and the chain check. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const guards = [requireStaff, requireRole('auditor', 'administrador')];

  route(app, contract.auditLog, {
    guards,
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await auditRepository.page(services.db, q.limite, q.desplazamiento, {
        complaintId: q.caso,
        actorId: q.usuario,
      });
      return {
        total,
        entradas: rows.map((r) => ({
          id: r.id,
          fecha: r.created_at.toISOString(),
          accion: r.action,
          usuario:
            r.actor_id === null
              ? null
              : { id: r.actor_id, nombre: r.actor_name, email: r.actor_email },
          caso_id: r.complaint_id,
          detalle: JSON.parse(r.detail) as unknown,
          hash: r.hash,
          hash_anterior: r.prev_hash,
        })),
      };
    },
  });

  route(app, contract.verifyAuditChain, {
    guards,
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
