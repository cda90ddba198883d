import {
  CASE_PRIORITIES,
  CHILE_TIME_ZONE,
  COMPLAINT_STATUSES,
  ORGANIZATIONS,
  type ComplaintChannel,
} from '@canal/shared';
import type { InboxSort } from '@canal/shared/contract';
import type { Db, SqlParam } from '../../db/database';
import type { MilestoneKey } from '../../core/deadlines';
import type { LogRow } from '../../core/complaints/repository';
import type { OpenReplacementRow } from '../../core/complaints/replacement-store';
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
  search?: { caseNumberLike: string; ticket?: number; rut?: string; email?: string };
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
}

/** A log row as staff read it: the complainant's row and the name of the person who wrote it. */
export interface StaffLogRow extends LogRow {
  staff_name: string | null;
}

/** Over `complaints c`: an open case, or a closed one with a duty after closing still pending. */
const TRACKED = `(c.status <> 'Cerrada' OR c.next_due_date IS NOT NULL)`;

export const casesRepository = {
  async staffName(db: Db, userId: number): Promise<{ id: number; name: string } | null> {
    const [row] = await db.query<{ id: number; name: string }>(
      'SELECT id, name FROM staff_users WHERE id = $1',
      [userId],
    );
    return row ?? null;
  },

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
      const { caseNumberLike, ticket, rut, email } = f.search;
      const any = [`c.case_number ILIKE $${params.push(caseNumberLike)}`];
      if (ticket !== undefined) any.push(`c.ticket = $${params.push(ticket)}`);
      if (rut) any.push(`c.rut_search = $${params.push(rut)}`);
      if (email) any.push(`c.email_search = $${params.push(email)}`);
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

  async fullLog(db: Db, complaintId: number): Promise<StaffLogRow[]> {
    return db.query<StaffLogRow>(
      `SELECT l.id, l.event, l.comment_enc, l.author, l.visible, l.created_at, u.name AS staff_name
         FROM complaint_log l LEFT JOIN staff_users u ON u.id = l.staff_user_id
        WHERE l.complaint_id = $1 ORDER BY l.created_at, l.id`,
      [complaintId],
    );
  },

  async addStaffLog(
    tx: Db,
    e: {
      complaintId: number;
      event: string;
      commentEnc: string | null;
      author: string;
      visible: boolean;
      staffUserId: number;
    },
  ): Promise<number> {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO complaint_log (complaint_id, event, comment_enc, author, visible, staff_user_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [e.complaintId, e.event, e.commentEnc, e.author, e.visible, e.staffUserId],
    );
    return Number(row!.id);
  },

  /** Status, and on the first answer the response date (Santiago civil date). */
  async setStatus(
    tx: Db,
    id: number,
    status: string,
    today: string,
    resolutionEnc: string | null,
  ): Promise<void> {
    await tx.query(
      `UPDATE complaints SET status = $2, response_date = coalesce(response_date, $3::date), updated_at = now(),
              closed_at = CASE WHEN $2 = 'Cerrada' THEN now() ELSE closed_at END,
              resolution_enc = coalesce($4, resolution_enc)
        WHERE id = $1`,
      [id, status, today, resolutionEnc],
    );
  },

  async markAnswered(tx: Db, id: number, today: string): Promise<void> {
    await tx.query(
      'UPDATE complaints SET response_date = coalesce(response_date, $2::date), updated_at = now() WHERE id = $1',
      [id, today],
    );
  },

  async setAssignee(tx: Db, id: number, userId: number | null): Promise<void> {
    await tx.query('UPDATE complaints SET assignee_id = $2, updated_at = now() WHERE id = $1', [
      id,
      userId,
    ]);
  },

  /** A new type (and its category): the case's legal regime follows the type. */
  async setType(tx: Db, id: number, typeId: number, categoryId: number): Promise<void> {
    await tx.query(
      'UPDATE complaints SET type_id = $2, category_id = $3, updated_at = now() WHERE id = $1',
      [id, typeId, categoryId],
    );
  },

  async setNextDue(tx: Db, id: number, date: string | null): Promise<void> {
    await tx.query('UPDATE complaints SET next_due_date = $2::date WHERE id = $1', [id, date]);
  },

  async setPriority(tx: Db, id: number, priority: string | null): Promise<void> {
    await tx.query('UPDATE complaints SET priority = $2, updated_at = now() WHERE id = $1', [
      id,
      priority,
    ]);
  },

  /** A case's tags, in alphabetical order. */
  async tags(db: Db, complaintId: number): Promise<string[]> {
    const rows = await db.query<{ tag: string }>(
      'SELECT tag FROM case_tags WHERE complaint_id = $1 ORDER BY tag',
      [complaintId],
    );
    return rows.map((r) => r.tag);
  },

  async addTags(tx: Db, complaintId: number, tags: string[], userId: number): Promise<void> {
    if (tags.length === 0) return;
    await tx.query(
      `INSERT INTO case_tags (complaint_id, tag, added_by)
       SELECT $1, t, $3 FROM unnest($2::text[]) AS t ON CONFLICT DO NOTHING`,
      [complaintId, tags, userId],
    );
  },

  async removeTags(tx: Db, complaintId: number, tags: string[]): Promise<void> {
    if (tags.length === 0) return;
    await tx.query('DELETE FROM case_tags WHERE complaint_id = $1 AND tag = ANY($2::text[])', [
      complaintId,
      tags,
    ]);
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

  /**
   * The links of a case to others within the user's scope, seen from it: `duplicado_de` (it is a
   * duplicate of the other), `tiene_duplicado` (the other is a duplicate of it), `relacionado`.
   */
  async links(db: Db, user: StaffUser, complaintId: number) {
    const { sql, params } = scope(user);
    const at = params.push(complaintId);
    return db.query<{ id: number; case_number: string; kind: string }>(
      `SELECT c.id, c.case_number,
              CASE WHEN l.kind = 'relacionado' THEN 'relacionado'
                   WHEN l.complaint_id = $${at} THEN 'duplicado_de' ELSE 'tiene_duplicado' END AS kind
         FROM case_links l
         JOIN complaints c ON c.id = CASE WHEN l.complaint_id = $${at} THEN l.linked_id ELSE l.complaint_id END
        WHERE (l.complaint_id = $${at} OR l.linked_id = $${at}) AND ${sql}
        ORDER BY c.case_number`,
      params,
    );
  },

  /** Links two cases, replacing any link the pair had (either way round). */
  async link(tx: Db, from: number, to: number, kind: 'duplicado' | 'relacionado', userId: number) {
    await tx.query(
      `DELETE FROM case_links WHERE (complaint_id = $1 AND linked_id = $2) OR (complaint_id = $2 AND linked_id = $1)`,
      [from, to],
    );
    await tx.query(
      'INSERT INTO case_links (complaint_id, linked_id, kind, created_by) VALUES ($1, $2, $3, $4)',
      [from, to, kind, userId],
    );
  },

  /** Removes the link of a pair, either way round; true when there was one. */
  async unlink(tx: Db, a: number, b: number): Promise<boolean> {
    const rows = await tx.query(
      `DELETE FROM case_links WHERE (complaint_id = $1 AND linked_id = $2) OR (complaint_id = $2 AND linked_id = $1)
       RETURNING complaint_id`,
      [a, b],
    );
    return rows.length > 0;
  },

  async caseNumber(db: Db, id: number): Promise<string | null> {
    const [row] = await db.query<{ case_number: string }>(
      'SELECT case_number FROM complaints WHERE id = $1',
      [id],
    );
    return row?.case_number ?? null;
  },

  /** A person's saved views, by name. */
  async savedViews(db: Db, userId: number) {
    return db.query<{ id: number; name: string; filters: unknown }>(
      'SELECT id::int AS id, name, filters FROM saved_views WHERE user_id = $1 ORDER BY name, id',
      [userId],
    );
  },

  /** Saves a view under its name, replacing that person's view of the same name. */
  async saveView(db: Db, userId: number, name: string, filters: object): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO saved_views (user_id, name, filters) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (user_id, name) DO UPDATE SET filters = EXCLUDED.filters
       RETURNING id::int AS id`,
      [userId, name, JSON.stringify(filters)],
    );
    return row!.id;
  },

  /** Deletes a view if it is that person's; true when it was. */
  async deleteView(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db.query(
      'DELETE FROM saved_views WHERE id = $1 AND user_id = $2 RETURNING id',
      [id, userId],
    );
    return rows.length > 0;
  },

  async exclusions(db: Db, complaintId: number) {
    return db.query<{ user_id: number; name: string }>(
      `SELECT e.user_id, u.name FROM case_exclusions e JOIN staff_users u ON u.id = e.user_id
        WHERE e.complaint_id = $1 ORDER BY u.name`,
      [complaintId],
    );
  },

  async addExclusion(tx: Db, complaintId: number, userId: number): Promise<void> {
    await tx.query(
      'INSERT INTO case_exclusions (complaint_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [complaintId, userId],
    );
  },

  async removeExclusion(tx: Db, complaintId: number, userId: number): Promise<void> {
    await tx.query('DELETE FROM case_exclusions WHERE complaint_id = $1 AND user_id = $2', [
      complaintId,
      userId,
    ]);
  },

  async isExcluded(db: Db, complaintId: number, userId: number): Promise<boolean> {
    return (
      (
        await db.query('SELECT 1 FROM case_exclusions WHERE complaint_id = $1 AND user_id = $2', [
          complaintId,
          userId,
        ])
      ).length > 0
    );
  },

  async milestones(db: Db, complaintId: number): Promise<Partial<Record<MilestoneKey, Date>>> {
    const rows = await db.query<{ milestone: MilestoneKey; completed_on: string }>(
      `SELECT milestone, to_char(completed_on, 'YYYY-MM-DD') AS completed_on FROM case_milestones WHERE complaint_id = $1`,
      [complaintId],
    );
    // A civil date recorded by staff, read back as noon in Santiago (always the same civil day).
    return Object.fromEntries(rows.map((r) => [r.milestone, civilNoon(r.completed_on)]));
  },

  /** The milestones of a case the system recorded itself (no staff author). */
  async systemMilestones(db: Db, complaintId: number): Promise<string[]> {
    const rows = await db.query<{ milestone: string }>(
      'SELECT milestone FROM case_milestones WHERE complaint_id = $1 AND recorded_by IS NULL',
      [complaintId],
    );
    return rows.map((r) => r.milestone);
  },

  async recordMilestone(
    tx: Db,
    complaintId: number,
    key: MilestoneKey,
    date: string,
    userId: number,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO case_milestones (complaint_id, milestone, completed_on, recorded_by) VALUES ($1, $2, $3::date, $4)
       ON CONFLICT (complaint_id, milestone) DO UPDATE SET completed_on = $3::date, recorded_by = $4, recorded_at = now()`,
      [complaintId, key, date, userId],
    );
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

  async milestonesOf(db: Db, ids: number[]) {
    if (ids.length === 0) return new Map<number, Partial<Record<MilestoneKey, Date>>>();
    const rows = await db.query<{
      complaint_id: number;
      milestone: MilestoneKey;
      completed_on: string;
    }>(
      `SELECT complaint_id, milestone, to_char(completed_on, 'YYYY-MM-DD') AS completed_on
         FROM case_milestones WHERE complaint_id = ANY($1::bigint[])`,
      [ids],
    );
    const map = new Map<number, Partial<Record<MilestoneKey, Date>>>();
    for (const r of rows)
      map.set(r.complaint_id, {
        ...map.get(r.complaint_id),
        [r.milestone]: civilNoon(r.completed_on),
      });
    return map;
  },

  async claimDailyJob(db: Db, job: string, day: string): Promise<boolean> {
    const rows = await db.query(
      'INSERT INTO job_runs (job, day) VALUES ($1, $2::date) ON CONFLICT DO NOTHING RETURNING job',
      [job, day],
    );
    return rows.length > 0;
  },
};

/** Noon in Santiago (UTC-3 or UTC-4) of a civil date: an instant that is that civil day there. */
export const civilNoon = (date: string) => new Date(`${date}T12:00:00-04:00`);
