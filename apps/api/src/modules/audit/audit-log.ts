import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';

/** What the audit log records (DESIGN §8): sign-ins, case views, downloads, changes and exports. */
export type AuditAction =
  | 'sesion.ingreso'
  | 'sesion.ingreso_fallido'
  | 'sesion.salida'
  | 'cuenta.activada'
  | 'usuario.invitado'
  | 'usuario.modificado'
  | 'caso.visto'
  | 'archivo.descargado'
  | 'caso.estado'
  | 'caso.respuesta'
  | 'caso.nota'
  | 'caso.asignado'
  | 'caso.exclusion'
  | 'caso.hito'
  | 'estadisticas.exportadas'
  | 'auditoria.verificada';

export interface AuditEntryInput {
  actorId: number | null;
  action: AuditAction;
  complaintId?: number | null;
  /** Never personal data of a complainant: ids, statuses, keys. */
  detail?: Record<string, unknown>;
}

export interface AuditRow {
  id: number;
  created_at: Date;
  actor_id: number | null;
  action: string;
  complaint_id: number | null;
  detail: string;
  prev_hash: string;
  hash: string;
}

export const GENESIS_HASH = '0'.repeat(64);
// Any constant: every process appends through the same lock, so the chain has one order.
const AUDIT_LOCK = 72_164_302;

/** JSON with object keys sorted at every level: the same entry always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The hashed content of an entry: everything but the hashes themselves. */
const hashedContent = (row: Omit<AuditRow, 'hash' | 'prev_hash'>) =>
  canonicalJson({
    id: row.id,
    created_at: row.created_at.toISOString(),
    actor_id: row.actor_id,
    action: row.action,
    complaint_id: row.complaint_id,
    detail: row.detail,
  });

export const entryHash = (prevHash: string, row: Omit<AuditRow, 'hash' | 'prev_hash'>) =>
  createHash('sha256').update(prevHash).update(hashedContent(row)).digest('hex');

/**
 * Appends one entry, chained to the last: inside the caller's transaction when it has one (so a
 * change and its audit entry commit together), serialised across processes by an advisory lock.
 */
export async function appendAudit(db: Db, input: AuditEntryInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
    const [last] = await tx.query<{ id: number; hash: string }>('SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1');
    const row = {
      id: (last?.id ?? 0) + 1,
      // Milliseconds only, so the value read back from timestamptz is the one hashed.
      created_at: new Date(Math.floor(Date.now())),
      actor_id: input.actorId,
      action: input.action,
      complaint_id: input.complaintId ?? null,
      detail: canonicalJson(input.detail ?? {}),
    };
    const prevHash = last?.hash ?? GENESIS_HASH;
    await tx.query(
      `INSERT INTO audit_log (id, created_at, actor_id, action, complaint_id, detail, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.id, row.created_at, row.actor_id, row.action, row.complaint_id, row.detail, prevHash, entryHash(prevHash, row)],
    );
  });
}

export const auditRepository = {
  async page(db: Db, limit: number, offset: number, filter: { complaintId?: number; actorId?: number }) {
    const where: string[] = [];
    const params: (number | string)[] = [];
    if (filter.complaintId !== undefined) where.push(`a.complaint_id = $${params.push(filter.complaintId)}`);
    if (filter.actorId !== undefined) where.push(`a.actor_id = $${params.push(filter.actorId)}`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows = await db.query<AuditRow & { actor_name: string | null; actor_email: string | null }>(
      `SELECT a.id, a.created_at, a.actor_id, a.action, a.complaint_id, a.detail, a.prev_hash, a.hash,
              u.name AS actor_name, u.email AS actor_email
         FROM audit_log a LEFT JOIN staff_users u ON u.id = a.actor_id
         ${clause} ORDER BY a.id DESC LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
    const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log a ${clause}`, params.slice(0, -2));
    return { rows, total: count?.total ?? 0 };
  },

  async batchAfter(db: Db, afterId: number, size: number): Promise<AuditRow[]> {
    return db.query<AuditRow>(
      `SELECT id, created_at, actor_id, action, complaint_id, detail, prev_hash, hash
         FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2`,
      [afterId, size],
    );
  },
};

export interface ChainReport {
  ok: boolean;
  entries: number;
  /** The first entry that does not fit the chain, and why. */
  firstBroken: { id: number; reason: string } | null;
}

/** Walks the whole chain in id order, recomputing every hash. */
export async function verifyAuditChain(db: Db, batchSize = 1000): Promise<ChainReport> {
  let prevHash = GENESIS_HASH;
  let prevId = 0;
  let entries = 0;
  for (;;) {
    const batch = await auditRepository.batchAfter(db, prevId, batchSize);
    if (batch.length === 0) return { ok: true, entries, firstBroken: null };
    for (const row of batch) {
      const broken = (reason: string): ChainReport => ({ ok: false, entries, firstBroken: { id: row.id, reason } });
      if (row.id !== prevId + 1) return broken(`falta la entrada ${prevId + 1}`);
      if (row.prev_hash !== prevHash) return broken('no enlaza con la entrada anterior');
      if (entryHash(prevHash, row) !== row.hash) return broken('su contenido fue modificado');
      prevHash = row.hash;
      prevId = row.id;
      entries += 1;
    }
  }
}
