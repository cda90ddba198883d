import {
  CASE_PRIORITIES,
  CHILE_TIME_ZONE,
  COMPLAINT_STATUSES,
  ORGANIZATIONS,
  type ComplaintChannel,
} from '@canal/shared';
import type { InboxSort } from '@canal/shared/contract';
import type { Db, SqlParam } from '../../db/database';
import type { OpenReplacementRow } from '../../core/complaints/replacement-store';
import { lastMessageOf } from '../../core/complaints/repository';
import { worksOnEveryOrganization, type StaffUser } from '../staff/roles';

/**
 * The cases a staff member may see, as SQL over `complaints c` and its first parameters: every
 * organisation's for an administrator who names none, else those of the organisations the person
 * names (`worksOnEveryOrganization`, decision 0033); nobody a case they are excluded from.
 * Callers push their own parameters after these. (The organisation test compares uuids so the
 * (organization_id, next_due_date) index serves it.)
 */
export function scope(user: StaffUser): { sql: string; params: SqlParam[] } {
  const excluded =
    'NOT EXISTS (SELECT 1 FROM case_exclusions e WHERE e.complaint_id = c.id AND e.user_id = $1)';
  if (worksOnEveryOrganization(user)) return { sql: excluded, params: [user.id] };
  return {
    sql: `c.organization_id = ANY($2::uuid[]) AND ${excluded}`,
    params: [user.id, user.organizationIds],
  };
}

export interface InboxFilters {
  organizationId?: string;
  status?: string;
  priority?: string;
  tag?: string;
  categoryId?: number;
  typeId?: number;
  from?: string;
  to?: string;
  overdue?: boolean;
  /** A user id, or 'none' for unassigned cases. */
  assignee?: number | 'none';
  /** Any of: part of the case number (a LIKE pattern), the ticket, the RUT's or e-mail's blind index. */
  search?: {
    caseNumberLike: string;
    ticket?: number;
    rut?: string;
    email?: string;
    accused?: string[];
  };
  sort: InboxSort;
  descending: boolean;
  limit: number;
  offset: number;
  /**
   * Keyset paging: the page starts after this case (its sort key as text, and its id), or at
   * the top with `null`; `offset` is then ignored and the total is not counted.
   */
  after?: InboxPosition | null;
}

/** Where a page ends: the sort key of its last case, as SQL text, and that case's id. */
export interface InboxPosition {
  key: string | null;
  id: number;
}

/** Organisation ids in the order of their names, as the inbox shows them. */
const ORGANIZATIONS_BY_NAME = [...ORGANIZATIONS]
  .sort((a, b) => a.shortName.localeCompare(b.shortName, 'es'))
  .map((o) => o.id);

/**
 * The SQL each sortable column orders by: a fixed whitelist (the contract refuses any other
 * name), never text from the request. `p` adds a parameter and returns its placeholder.
 */
const SORT_SQL: Record<InboxSort, (p: (value: SqlParam) => string) => string> = {
  numero: () => 'c.case_number',
  organizacion: (p) => `array_position(${p(ORGANIZATIONS_BY_NAME)}::uuid[], c.organization_id)`,
  tipo: () =>
    '(SELECT t.nombre FROM master_types t WHERE t.organization_id = c.organization_id AND t.id = c.type_id)',
  // In the order a case goes through them, not alphabetically.
  estado: (p) => `array_position(${p([...COMPLAINT_STATUSES])}::text[], c.status)`,
  vencimiento: () => 'c.next_due_date',
  asignado: () => 'u.name',
  // By the day of receipt, then the (random) id: the order within a day would place an anonymous
  // case between identified ones, and a cursor would carry the instant (issue 25).
  ingreso: () => `(c.created_at AT TIME ZONE '${CHILE_TIME_ZONE}')::date`,
  // Risk order: baja < media < alta < crítica (descending puts the critical cases first).
  prioridad: (p) => `array_position(${p([...CASE_PRIORITIES])}::text[], c.priority)`,
};

/** The SQL type of each sort key: a cursor's key (text) is compared after this cast. */
const SORT_TYPE: Record<InboxSort, string> = {
  numero: 'text',
  organizacion: 'int',
  tipo: 'text',
  estado: 'int',
  vencimiento: 'date',
  asignado: 'text',
  ingreso: 'date',
  prioridad: 'int',
};

/**
 * The sort key of a page. By due date (the default), cases without one come last as the
 * infinite date: the key is never null, so the next page starts at a row comparison the
 * `complaints_inbox_due` index (migration 018) serves at any depth. Other keys stay nullable.
 */
function sortKey(f: InboxFilters, p: (value: SqlParam) => string) {
  if (f.sort === 'vencimiento')
    return {
      sql: `COALESCE(c.next_due_date, '${f.descending ? '-' : ''}infinity'::date)`,
      nullable: false,
    };
  return { sql: SORT_SQL[f.sort](p), nullable: true };
}

/** The condition of a keyset page: after `after` in the order `key ASC|DESC NULLS LAST, c.id`. */
function afterCondition(
  f: InboxFilters,
  key: { sql: string; nullable: boolean },
  after: InboxPosition,
  p: (value: SqlParam) => string,
): string {
  const id = `${p(after.id)}::bigint`;
  if (after.key === null) return `(${key.sql} IS NULL AND c.id > ${id})`;
  const k = `${p(after.key)}::${SORT_TYPE[f.sort]}`;
  if (!key.nullable && !f.descending) return `(${key.sql}, c.id) > (${k}, ${id})`;
  const beyond = `${key.sql} ${f.descending ? '<' : '>'} ${k}`;
  return `(${beyond} OR (${key.sql} = ${k} AND c.id > ${id})${key.nullable ? ` OR ${key.sql} IS NULL` : ''})`;
}

export interface InboxRow {
  id: number;
  case_number: string;
  organization_id: string;
  status: string;
  category_id: number;
  type_id: number;
  is_anonymous: boolean;
  channel: ComplaintChannel;
  created_at: Date;
  next_due_date: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  priority: string | null;
  refer_to_dt: boolean;
  tags: string[];
  /** The complainant's last message (comment or file) has not been read by the team (decision 0022). */
  unread_message: boolean;
}

/** Over `complaints c`: an open case, or a closed one with a duty after closing still pending. */
const TRACKED = `(c.status <> 'Cerrada' OR c.next_due_date IS NOT NULL)`;

/**
 * The read model of cases: what a staff member may see (`scope`), the inbox's pages, lookups by id
 * or number within that scope, the replacement requests and the digest's tracked cases. Reads
 * only: the complaint's row and log are written by `complaintStore`
 * (`core/complaints/complaint-store.ts`), the staff's own tables by their stores (`case-*-store.ts`,
 * `saved-views-store.ts`, `job-runs-store.ts`).
 */
export const casesRepository = {
  /**
   * One page of the inbox, sorted by a whitelisted column (empty values last, then id, so pages
   * are stable), and the number of cases that match (not on a keyset page: `total` null). Only
   * the filters given become SQL conditions. Each row carries its sort key as text: the cursor.
   */
  async inbox(
    db: Db,
    user: StaffUser,
    f: InboxFilters,
    today: string,
  ): Promise<{ rows: (InboxRow & { sort_key: string | null })[]; total: number | null }> {
    const { sql, params } = scope(user);
    const where = [sql];
    const add = (sql: (n: string) => string, value: SqlParam) =>
      where.push(sql(`$${params.push(value)}`));
    if (f.organizationId) add((p) => `c.organization_id = ${p}::uuid`, f.organizationId);
    if (f.status) add((p) => `c.status = ${p}`, f.status);
    if (f.priority) add((p) => `c.priority = ${p}`, f.priority);
    if (f.tag)
      add(
        (p) => `EXISTS (SELECT 1 FROM case_tags g WHERE g.complaint_id = c.id AND g.tag = ${p})`,
        f.tag,
      );
    if (f.categoryId !== undefined) add((p) => `c.category_id = ${p}`, f.categoryId);
    if (f.typeId !== undefined) add((p) => `c.type_id = ${p}`, f.typeId);
    if (f.from)
      add(
        (p) => `c.created_at >= (${p}::date)::timestamp AT TIME ZONE '${CHILE_TIME_ZONE}'`,
        f.from,
      );
    if (f.to)
      add(
        (p) => `c.created_at < (${p}::date + 1)::timestamp AT TIME ZONE '${CHILE_TIME_ZONE}'`,
        f.to,
      );
    if (f.overdue) add((p) => `c.next_due_date < ${p}::date`, today);
    if (f.assignee === 'none') where.push('c.assignee_id IS NULL');
    else if (f.assignee !== undefined) add((p) => `c.assignee_id = ${p}`, f.assignee);
    if (f.search) {
      const { caseNumberLike, ticket, rut, email, accused } = f.search;
      const any = [`c.case_number ILIKE $${params.push(caseNumberLike)}`];
      if (ticket !== undefined) any.push(`c.ticket = $${params.push(ticket)}`);
      if (rut) any.push(`c.rut_search = $${params.push(rut)}`);
      if (email) any.push(`c.email_search = $${params.push(email)}`);
      if (accused) any.push(`c.accused_search @> $${params.push(accused)}::text[]`);
      where.push(`(${any.join(' OR ')})`);
    }
    const clause = where.join(' AND ');
    const countParams = [...params];
    const p = (value: SqlParam) => `$${params.push(value)}`;
    const key = sortKey(f, p);
    const keyset = f.after !== undefined;
    const page = f.after ? ` AND ${afterCondition(f, key, f.after, p)}` : '';
    const rows = await db.query<InboxRow & { sort_key: string | null }>(
      `SELECT c.id, c.case_number, c.organization_id, c.status, c.category_id, c.type_id, c.is_anonymous, c.channel, c.created_at,
              to_char(c.next_due_date, 'YYYY-MM-DD') AS next_due_date, c.assignee_id, u.name AS assignee_name,
              c.priority, c.refer_to_dt, ARRAY(SELECT g.tag FROM case_tags g WHERE g.complaint_id = c.id ORDER BY g.tag) AS tags,
              EXISTS (SELECT 1 FROM complaint_log m WHERE m.id = (${lastMessageOf('c.id')}) AND m.read_by_staff_at IS NULL) AS unread_message,
              (${key.sql})::text AS sort_key
         FROM complaints c LEFT JOIN staff_users u ON u.id = c.assignee_id
        WHERE ${clause}${page}
        ORDER BY ${key.sql} ${f.descending ? 'DESC' : 'ASC'} NULLS LAST, c.id ASC
        LIMIT ${p(f.limit)}${keyset ? '' : ` OFFSET ${p(f.offset)}`}`,
      params,
    );
    if (keyset) return { rows, total: null };
    const [count] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM complaints c WHERE ${clause}`,
      countParams,
    );
    return { rows, total: count?.total ?? 0 };
  },

  /** The complainant's requests to replace the investigator still open, in scope, oldest first. */
  async openReplacementRequests(db: Db, user: StaffUser) {
    const { sql, params } = scope(user);
    return db.query<
      OpenReplacementRow & { case_number: string; data_key: string; is_anonymous: boolean }
    >(
      `SELECT r.id, r.complaint_id, r.reason_enc, r.investigator_id, u.name AS investigator_name,
              r.created_at, c.case_number, c.data_key, c.is_anonymous
         FROM replacement_requests r
         JOIN complaints c ON c.id = r.complaint_id
         LEFT JOIN staff_users u ON u.id = r.investigator_id
        WHERE r.status = 'pendiente' AND ${sql}
        ORDER BY r.created_at, r.id`,
      params,
    );
  },

  /** The complaint id when the case exists and is within the user's scope. */
  async idInScope(db: Db, user: StaffUser, id: number): Promise<boolean> {
    const { sql, params } = scope(user);
    const rows = await db.query(
      `SELECT 1 FROM complaints c WHERE c.id = $${params.push(id)} AND ${sql}`,
      params,
    );
    return rows.length > 0;
  },

  /** The id of the case numbered `caseNumber` if it is within the user's scope. */
  async idByNumberInScope(db: Db, user: StaffUser, caseNumber: string): Promise<number | null> {
    const { sql, params } = scope(user);
    const [row] = await db.query<{ id: number }>(
      `SELECT c.id FROM complaints c WHERE c.case_number = $${params.push(caseNumber)} AND ${sql}`,
      params,
    );
    return row?.id ?? null;
  },

  async caseNumber(db: Db, id: number): Promise<string | null> {
    const [row] = await db.query<{ case_number: string }>(
      'SELECT case_number FROM complaints WHERE id = $1',
      [id],
    );
    return row?.case_number ?? null;
  },

  /**
   * Tracked cases (see `trackedCases`), what the daily digest mails: each with its assignee when
   * that person is active and not excluded from it, else with `assignee_id` and `email` null (the
   * organisation's receivers take it: nobody may miss an unassigned case's deadline).
   */
  async trackedForDigest(db: Db) {
    return db.query<{
      id: number;
      case_number: string;
      status: string;
      type_id: number;
      category_id: number;
      created_at: Date;
      organization_id: string;
      assignee_id: number | null;
      email: string | null;
    }>(
      `SELECT c.id, c.case_number, c.status, c.type_id, c.category_id, c.created_at, c.organization_id,
              u.id AS assignee_id, u.email
         FROM complaints c
         LEFT JOIN staff_users u ON u.id = c.assignee_id AND u.active
              AND NOT EXISTS (SELECT 1 FROM case_exclusions e WHERE e.complaint_id = c.id AND e.user_id = u.id)
        WHERE ${TRACKED}
        ORDER BY c.next_due_date NULLS LAST, c.id`,
    );
  },

  /**
   * The cases whose clock still runs: open ones, and closed ones with a duty after closing pending
   * (a closed case's next due date only goes from a date to null, never back: decision 0013).
   */
  async trackedCases(db: Db) {
    return db.query<{
      id: number;
      status: string;
      type_id: number;
      created_at: Date;
      next_due_date: string | null;
    }>(
      `SELECT c.id, c.status, c.type_id, c.created_at, to_char(c.next_due_date, 'YYYY-MM-DD') AS next_due_date
         FROM complaints c WHERE ${TRACKED}`,
    );
  },
};
