import { CHILE_TIME_ZONE } from '@canal/shared';
import type { Db, SqlParam } from '../../db/database';

export interface AuditRow {
  id: number;
  created_at: Date;
  actor_id: number | null;
  action: string;
  complaint_id: number | null;
  detail: string;
  prev_hash: string;
  hash: string;
  /** 1: plain SHA-256 link (rows before migration 003); 2: HMAC with the audit-chain key. */
  chain_version: number;
}

export interface AuditFilter {
  complaintId?: number;
  actorId?: number;
  /** Part of the person's name or e-mail. */
  person?: string;
  action?: string;
  /** The case's number, whole (any case). */
  caseNumber?: string;
  /** yyyy-mm-dd, Santiago days, both included. */
  from?: string;
  to?: string;
}

export type AuditListRow = AuditRow & {
  actor_name: string | null;
  actor_email: string | null;
  case_number: string | null;
  /** Whether the entry's case is anonymous (null for an entry about no case). */
  is_anonymous: boolean | null;
};

const SANTIAGO = `'${CHILE_TIME_ZONE}'`;

/**
 * The entries a reader may see, as SQL over `audit_log a LEFT JOIN complaints c` with its first
 * parameters (the back office builds it from the reader's scope).
 */
export interface AuditVisibility {
  sql: string;
  params: SqlParam[];
}

function auditWhere(
  filter: AuditFilter,
  visible?: AuditVisibility,
): { clause: string; params: SqlParam[] } {
  const where: string[] = visible ? [visible.sql] : [];
  const params: SqlParam[] = visible ? [...visible.params] : [];
  if (filter.complaintId !== undefined)
    where.push(`a.complaint_id = $${params.push(filter.complaintId)}`);
  if (filter.actorId !== undefined) where.push(`a.actor_id = $${params.push(filter.actorId)}`);
  if (filter.person) {
    const like = `%${filter.person.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const n = params.push(like);
    where.push(`(u.name ILIKE $${n} OR u.email ILIKE $${n})`);
  }
  if (filter.action) where.push(`a.action = $${params.push(filter.action)}`);
  if (filter.caseNumber)
    where.push(`upper(c.case_number) = upper($${params.push(filter.caseNumber)})`);
  if (filter.from)
    where.push(
      `a.created_at >= ($${params.push(filter.from)}::date)::timestamp AT TIME ZONE ${SANTIAGO}`,
    );
  if (filter.to)
    where.push(
      `a.created_at < ($${params.push(filter.to)}::date + 1)::timestamp AT TIME ZONE ${SANTIAGO}`,
    );
  return { clause: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** An entry with its stored leaf and whether the reader may see it (`leavesAfter`). */
export type AuditLeafRow = AuditRow & {
  leaf_index: number | null;
  stored_leaf: Uint8Array | null;
  visible: boolean;
};

export const auditRepository = {
  /** Takes the chain's advisory lock for the transaction and reads its last entry. */
  async lockAndReadLast(tx: Db, lock: number): Promise<{ id: number; hash: string } | undefined> {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [lock]);
    const [last] = await tx.query<{ id: number; hash: string }>(
      'SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    return last;
  },

  async insert(tx: Db, row: AuditRow): Promise<void> {
    await tx.query(
      `INSERT INTO audit_log (id, created_at, actor_id, action, complaint_id, detail, prev_hash, hash, chain_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        row.id,
        row.created_at,
        row.actor_id,
        row.action,
        row.complaint_id,
        row.detail,
        row.prev_hash,
        row.hash,
        row.chain_version,
      ],
    );
  },

  /** Rows in one statement, in the order given (a batch chained by the caller). */
  async insertMany(tx: Db, rows: AuditRow[]): Promise<void> {
    if (rows.length === 1) return this.insert(tx, rows[0]!);
    await tx.query(
      `INSERT INTO audit_log (id, created_at, actor_id, action, complaint_id, detail, prev_hash, hash, chain_version)
       SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::bigint[], $4::text[], $5::bigint[],
                            $6::text[], $7::text[], $8::text[], $9::int[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.created_at.toISOString()),
        rows.map((r) => r.actor_id),
        rows.map((r) => r.action),
        rows.map((r) => r.complaint_id),
        rows.map((r) => r.detail),
        rows.map((r) => r.prev_hash),
        rows.map((r) => r.hash),
        rows.map((r) => r.chain_version),
      ],
    );
  },

  /**
   * The next `count` ids from the sequence, ascending: ids are never reused, so a deleted tail
   * leaves a gap.
   */
  async nextIds(tx: Db, count: number): Promise<number[]> {
    const rows = await tx.query<{ id: number }>(
      `SELECT nextval('audit_log_id_seq') AS id FROM generate_series(1, $1::int)`,
      [count],
    );
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  },

  async hashOf(db: Db, id: number): Promise<string | null> {
    const [row] = await db.query<{ hash: string }>('SELECT hash FROM audit_log WHERE id = $1', [
      id,
    ]);
    return row?.hash ?? null;
  },

  async last(db: Db): Promise<{ id: number; hash: string } | null> {
    const [row] = await db.query<{ id: number; hash: string }>(
      'SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    return row ?? null;
  },

  /**
   * Entries newest first, filtered, with the actor's name and the case's number; only those
   * `visible` lets through (the audit page and its export pass the reader's; the dossier, which
   * has checked its case, passes none).
   */
  async page(
    db: Db,
    limit: number,
    offset: number,
    filter: AuditFilter,
    visible?: AuditVisibility,
  ) {
    const { clause, params } = auditWhere(filter, visible);
    const rows = await db.query<AuditListRow>(
      `SELECT a.id, a.created_at, a.actor_id, a.action, a.complaint_id, a.detail, a.prev_hash, a.hash,
              u.name AS actor_name, u.email AS actor_email, c.case_number, c.is_anonymous
         FROM audit_log a
         LEFT JOIN staff_users u ON u.id = a.actor_id
         LEFT JOIN complaints c ON c.id = a.complaint_id
         ${clause} ORDER BY a.id DESC LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
    const [count] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total
         FROM audit_log a
         LEFT JOIN staff_users u ON u.id = a.actor_id
         LEFT JOIN complaints c ON c.id = a.complaint_id
         ${clause}`,
      params.slice(0, -2),
    );
    return { rows, total: count?.total ?? 0 };
  },

  /**
   * Whether `actorId` has an entry `action` on `complaintId` written after `since` (the audit of
   * a case view once per visit; the partial index on complaint_id finds the case's entries).
   */
  async recorded(
    db: Db,
    entry: { actorId: number; action: string; complaintId: number },
    since: Date,
  ): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM audit_log
        WHERE complaint_id = $1 AND actor_id = $2 AND action = $3 AND created_at > $4 LIMIT 1`,
      [entry.complaintId, entry.actorId, entry.action, since],
    );
    return rows.length > 0;
  },

  /** The names of staff users, for the words of entries that name a person by id. */
  async staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db.query<{ id: number; name: string | null; email: string }>(
      'SELECT id, name, email FROM staff_users WHERE id = ANY($1::int[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.name ?? r.email]));
  },

  /** One entry, if `visible` lets the reader see it. */
  async visibleEntry(db: Db, id: number, visible: AuditVisibility): Promise<AuditRow | null> {
    const params = [...visible.params];
    const [row] = await db.query<AuditRow>(
      `SELECT a.id, a.created_at, a.actor_id, a.action, a.complaint_id, a.detail, a.prev_hash, a.hash, a.chain_version
         FROM audit_log a LEFT JOIN complaints c ON c.id = a.complaint_id
        WHERE ${visible.sql} AND a.id = $${params.push(id)}`,
      params,
    );
    return row ?? null;
  },

  async batchAfter(db: Db, afterId: number, size: number): Promise<AuditRow[]> {
    return db.query<AuditRow>(
      `SELECT id, created_at, actor_id, action, complaint_id, detail, prev_hash, hash, chain_version
         FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2`,
      [afterId, size],
    );
  },

  /**
   * The entries after `afterId` in id order, each with its leaf in the stored tree (if any) and
   * whether `visible` lets the reader see it: the whole log, page by page, for its check.
   */
  async leavesAfter(
    db: Db,
    afterId: number,
    size: number,
    visible: AuditVisibility,
  ): Promise<AuditLeafRow[]> {
    const params = [...visible.params];
    return db.query<AuditLeafRow>(
      `SELECT a.id, a.created_at, a.actor_id, a.action, a.complaint_id, a.detail, a.prev_hash, a.hash,
              a.chain_version, t.idx AS leaf_index, t.hash AS stored_leaf, ${visible.sql} AS visible
         FROM audit_log a
         LEFT JOIN complaints c ON c.id = a.complaint_id
         LEFT JOIN audit_tree t ON t.level = 0 AND t.entry_id = a.id
        WHERE a.id > $${params.push(afterId)}
        ORDER BY a.id LIMIT $${params.push(size)}`,
      params,
    );
  },
};
