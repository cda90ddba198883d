import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireStaff } from '../staff/guard';
import { appendAudit, auditRepository, verifyAuditChain } from './audit-log';

const pageQuery = z.object({
  limite: z.coerce.number({ error: 'El límite no es válido.' }).int().min(1).max(200, { error: 'El límite puede ser como máximo 200.' }).default(50),
  desplazamiento: z.coerce.number({ error: 'El desplazamiento no es válido.' }).int().min(0).default(0),
  caso: z.coerce.number({ error: 'El caso no es válido.' }).int().positive().optional(),
  usuario: z.coerce.number({ error: 'El usuario no es válido.' }).int().positive().optional(),
});

/** The audit log, for auditors and administrators: entries newest first, and the chain check. */
export const auditRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const tags = ['Gestión: auditoría'];
  const allowed = { preHandler: [requireStaff, requireRole('auditor', 'administrador')] };

  app.get('/auditoria', { ...allowed, schema: { tags, summary: 'Entradas del registro de auditoría (paginadas)', querystring: pageQuery } }, async (request) => {
    const q = request.query;
    const { rows, total } = await auditRepository.page(services.db, q.limite, q.desplazamiento, { complaintId: q.caso, actorId: q.usuario });
    return {
      total,
      entradas: rows.map((r) => ({
        id: r.id,
        fecha: r.created_at.toISOString(),
        accion: r.action,
        usuario: r.actor_id === null ? null : { id: r.actor_id, nombre: r.actor_name, email: r.actor_email },
        caso_id: r.complaint_id,
        detalle: JSON.parse(r.detail) as unknown,
        hash: r.hash,
        hash_anterior: r.prev_hash,
      })),
    };
  });

  app.get('/auditoria/verificacion', { ...allowed, schema: { tags, summary: 'Verifica la cadena de hashes; indica la primera entrada rota' } }, async (request) => {
    const report = await verifyAuditChain(services.db);
    await appendAudit(services.db, { actorId: request.staff.id, action: 'auditoria.verificada', detail: { integra: report.ok } });
    return { integra: report.ok, entradas: report.entries, primera_rota: report.firstBroken };
  });
};
