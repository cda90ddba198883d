import { CHILE_TIME_ZONE, type ComplaintChannel } from '@canal/shared';
import type { Db, SqlParam } from '../../db/database';
import { scope } from '../cases/repository';
import type { StaffUser } from '../staff/roles';

export interface StatsFilters {
  organizationId?: string;
  from?: string;
  to?: string;
}

const SANTIAGO = `'${CHILE_TIME_ZONE}'`;

/**
 * Days from receipt to closing, as the days in Chile between them: an anonymous complaint's hour
 * of filing is not for staff, and hours to close, beside the known moment of closing, would give
 * it (issue 25). Nor does the export's order (by day, then case number).
 */
const DAYS_TO_CLOSE = `((c.closed_at AT TIME ZONE ${SANTIAGO})::date - (c.created_at AT TIME ZONE ${SANTIAGO})::date)`;

/** The WHERE clause every statistic shares: the user's scope and the filters. */
function scoped(user: StaffUser, f: StatsFilters): { clause: string; params: SqlParam[] } {
  const { sql, params } = scope(user);
  const where = [sql];
  if (f.organizationId) where.push(`c.organization_id = $${params.push(f.organizationId)}::uuid`);
  if (f.from)
    where.push(
      `c.created_at >= ($${params.push(f.from)}::date)::timestamp AT TIME ZONE ${SANTIAGO}`,
    );
  if (f.to)
    where.push(
      `c.created_at < ($${params.push(f.to)}::date + 1)::timestamp AT TIME ZONE ${SANTIAGO}`,
    );
  return { clause: where.join(' AND '), params };
}

export const statsRepository = {
  async grouped(db: Db, user: StaffUser, f: StatsFilters, today: string) {
    const { clause, params } = scoped(user, f);
    const todayParam = `$${params.push(today)}::date`;
    const group = (expr: string) =>
      db.query<{ key: string; organization_id: string; total: number }>(
        `SELECT ${expr} AS key, c.organization_id, count(*)::int AS total FROM complaints c WHERE ${clause}
          GROUP BY 1, 2 ORDER BY 1, 2`,
        params.slice(0, -1),
      );
    const [byOrg, byType, byStatus, byMonth, totals] = await Promise.all([
      group(`c.organization_id::text`),
      group(`c.type_id::text`),
      group('c.status'),
      group(`to_char(c.created_at AT TIME ZONE ${SANTIAGO}, 'YYYY-MM')`),
      db.query<{
        total: number;
        anonymous: number;
        closed: number;
        avg_days: number | null;
        overdue: number;
      }>(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE c.is_anonymous)::int AS anonymous,
                count(c.closed_at)::int AS closed,
                round(avg(${DAYS_TO_CLOSE})::numeric, 1) AS avg_days,
                count(*) FILTER (WHERE c.next_due_date < ${todayParam})::int AS overdue
           FROM complaints c WHERE ${clause}`,
        params,
      ),
    ]);
    return { byOrg, byType, byStatus, byMonth, totals: totals[0]! };
  },

  /**
   * Reports of retaliation after closing (decision 0060) in the cases the user sees: made in the
   * period (`from`/`to` on the day reported), not attended now, and of those past their deadline.
   */
  async retaliation(db: Db, user: StaffUser, f: StatsFilters, today: string) {
    const { sql, params } = scope(user);
    const where = [sql];
    if (f.organizationId) where.push(`c.organization_id = $${params.push(f.organizationId)}::uuid`);
    const inPeriod = ['true'];
    if (f.from)
      inPeriod.push(
        `r.reported_at >= ($${params.push(f.from)}::date)::timestamp AT TIME ZONE ${SANTIAGO}`,
      );
    if (f.to)
      inPeriod.push(
        `r.reported_at < ($${params.push(f.to)}::date + 1)::timestamp AT TIME ZONE ${SANTIAGO}`,
      );
    const [row] = await db.query<{ reported: number; open: number; overdue: number }>(
      `SELECT count(*) FILTER (WHERE ${inPeriod.join(' AND ')})::int AS reported,
              count(*) FILTER (WHERE r.attended_at IS NULL)::int AS open,
              count(*) FILTER (WHERE r.attended_at IS NULL
                                 AND r.due_date < $${params.push(today)}::date)::int AS overdue
         FROM retaliation_reports r JOIN complaints c ON c.id = r.complaint_id
        WHERE ${where.join(' AND ')}`,
      params,
    );
    return row!;
  },

  /** One row per case, without any personal data: what the CSV export holds. */
  async exportRows(db: Db, user: StaffUser, f: StatsFilters) {
    const { clause, params } = scoped(user, f);
    return db.query<{
      case_number: string;
      organization_id: string;
      category_id: number;
      type_id: number;
      status: string;
      is_anonymous: boolean;
      received: string;
      response_date: string | null;
      closed: string | null;
      days_to_close: number | null;
      next_due_date: string | null;
      channel: ComplaintChannel;
      assignee_name: string | null;
      priority: string | null;
    }>(
      `SELECT c.case_number, u.name AS assignee_name, c.priority, c.organization_id, c.category_id, c.type_id, c.status, c.is_anonymous, c.channel,
              to_char(c.created_at AT TIME ZONE ${SANTIAGO}, 'YYYY-MM-DD') AS received,
              to_char(c.response_date, 'YYYY-MM-DD') AS response_date,
              to_char(c.closed_at AT TIME ZONE ${SANTIAGO}, 'YYYY-MM-DD') AS closed,
              ${DAYS_TO_CLOSE} AS days_to_close,
              to_char(c.next_due_date, 'YYYY-MM-DD') AS next_due_date
         FROM complaints c LEFT JOIN staff_users u ON u.id = c.assignee_id
        WHERE ${clause} ORDER BY received, c.case_number`,
      params,
    );
  },

  /** Law 21.643 complaints received, and measures recorded, in a period, per organisation. */
  async halfYear(db: Db, user: StaffUser, typeIds: number[], from: string, toExclusive: string) {
    const { sql, params } = scope(user);
    const types = `$${params.push(typeIds)}::int[]`;
    const start = `$${params.push(from)}::date`;
    const end = `$${params.push(toExclusive)}::date`;
    return db.query<{
      organization_id: string;
      type_id: number;
      received: number;
      protective: number;
      adopted: number;
      retaliation: number;
    }>(
      `SELECT c.organization_id, c.type_id,
              count(*) FILTER (WHERE c.created_at >= ${start}::timestamp AT TIME ZONE ${SANTIAGO}
                                 AND c.created_at < ${end}::timestamp AT TIME ZONE ${SANTIAGO})::int AS received,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM case_milestones m WHERE m.complaint_id = c.id
                                 AND m.milestone = 'medidas_resguardo' AND m.completed_on >= ${start} AND m.completed_on < ${end}))::int AS protective,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM case_milestones m WHERE m.complaint_id = c.id
                                 AND m.milestone = 'medidas_adoptadas' AND m.completed_on >= ${start} AND m.completed_on < ${end}))::int AS adopted,
              COALESCE(sum((SELECT count(*) FROM retaliation_reports r WHERE r.complaint_id = c.id
                              AND r.reported_at >= ${start}::timestamp AT TIME ZONE ${SANTIAGO}
                              AND r.reported_at < ${end}::timestamp AT TIME ZONE ${SANTIAGO})), 0)::int AS retaliation
         FROM complaints c
        WHERE c.type_id = ANY(${types}) AND ${sql}
        GROUP BY 1, 2 ORDER BY 1, 2`,
      params,
    );
  },
};
