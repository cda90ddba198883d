import type { FastifyPluginAsync } from 'fastify';
import { contract, type HandlerInputOf } from '@canal/shared/contract';
import { route } from '../../http/route';
import {
  appendAudit,
  auditLeafHash,
  leafEntry,
  verifyAuditChain,
} from '../../core/audit/audit-log';
import {
  checkpointOfSize,
  checkpointWire,
  entryInclusion,
  issueCheckpoint,
  latestCheckpoint,
  logConsistency,
  ProofRangeError,
} from '../../core/audit/log-proof';
import { AppError } from '../../errors';
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

  // The Merkle log (decision 0066): a checkpoint on demand, an entry's inclusion, consistency.
  route(app, contract.issueAuditCheckpoint, {
    handler: async (request) => {
      await appendAudit(services, services.db, {
        actorId: request.staff.id,
        action: 'auditoria.punto_control',
      });
      return checkpointWire(await issueCheckpoint(services));
    },
  });

  route(app, contract.auditInclusionProof, {
    handler: async (request) => {
      const { id } = request.params;
      const row = await auditRepository.visibleEntry(services.db, id, auditScope(request.staff));
      if (!row) throw new AppError('AUDIT_ENTRY_NOT_FOUND');
      const checkpoint =
        request.query.tamano === undefined
          ? await latestCheckpoint(services.db)
          : await checkpointOfSize(services.db, request.query.tamano);
      const size = request.query.tamano ?? checkpoint?.size;
      if (size === undefined) throw new AppError('NO_AUDIT_CHECKPOINT');
      const proof = await entryInclusion(services.db, id, size).catch((error: unknown) => {
        if (error instanceof ProofRangeError) throw new AppError('AUDIT_TREE_SIZE');
        throw error;
      });
      if (!proof) throw new AppError('AUDIT_TREE_SIZE');
      return {
        id,
        indice: proof.index,
        tamano: proof.size,
        hoja: proof.leaf.toString('base64'),
        entrada: leafEntry(row).toString('utf8'),
        ruta: proof.path.map((h) => h.toString('base64')),
        raiz: proof.root.toString('base64'),
        punto_control: checkpoint ? checkpointWire(checkpoint) : null,
      };
    },
  });

  route(app, contract.auditConsistencyProof, {
    handler: async (request) => {
      const { desde, hasta } = request.query;
      const proof = await logConsistency(services.db, desde, hasta).catch((error: unknown) => {
        if (error instanceof ProofRangeError) throw new AppError('AUDIT_TREE_SIZE');
        throw error;
      });
      return {
        desde,
        hasta,
        prueba: proof.proof.map((h) => h.toString('base64')),
        raiz_desde: proof.rootFrom.toString('base64'),
        raiz_hasta: proof.rootTo.toString('base64'),
      };
    },
  });

  // The whole log for its check in the browser (decision 0073): a reader recomputes the leaf of
  // every entry they may see from its fields; of the others they get only the leaf the server
  // computed from the row, so nothing they may not read leaves, and the root still covers it.
  route(app, contract.auditLogLeaves, {
    handler: async (request) => {
      const { despues, limite } = request.query;
      if (despues === 0)
        await appendAudit(services, services.db, {
          actorId: request.staff.id,
          action: 'auditoria.leida_completa',
        });
      const rows = await auditRepository.leavesAfter(
        services.db,
        despues,
        limite,
        auditScope(request.staff),
      );
      return {
        entradas: rows.map((r) => ({
          id: r.id,
          hash: r.hash,
          hash_anterior: r.prev_hash,
          version_cadena: r.chain_version,
          contenido: r.visible
            ? {
                fecha: r.created_at.toISOString(),
                accion: r.action,
                usuario_id: r.actor_id,
                caso_id: r.complaint_id,
                detalle: r.detail,
              }
            : null,
          hoja: r.visible ? null : auditLeafHash(r).toString('base64'),
          hoja_guardada: r.stored_leaf ? Buffer.from(r.stored_leaf).toString('base64') : null,
          indice: r.leaf_index === null ? null : Number(r.leaf_index),
        })),
      };
    },
  });
};
