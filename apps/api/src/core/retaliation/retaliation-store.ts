import { CHILE_TIME_ZONE } from '@canal/shared';
import type { Db, SqlParam } from '../../db/database';

/** One organisation's check-in days as stored (migration 039). */
export interface RetaliationSettingsRow {
  organization_id: string;
  days: number[];
  updated_at: Date;
}

/** A closed case the check-in may ask now: its closing day in Chile and what the question needs. */
export interface CheckinCandidate {
  id: number;
  closed: string;
  /** The largest day already asked, or null. */
  asked: number | null;
}

/** An open report, with its case, as the inbox lists it. */
export interface OpenRetaliationRow {
  id: number;
  complaint_id: number;
  case_number: string;
  reported: string;
  due_date: string;
}

const SANTIAGO = `'${CHILE_TIME_ZONE}'`;
const CLOSED_DAY = `(c.closed_at AT TIME ZONE ${SANTIAGO})::date`;

/**
 * Protection after closing (decision 0060): each organisation's check-in days, the questions asked
 * and the complainants' reports of retaliation. SQL only; the complaint's log and row are written
 * by `complaintStore`.
 */
export const retaliationStore = {
  async settings(db: Db): Promise<RetaliationSettingsRow[]> {
    return db.query<RetaliationSettingsRow>(
      `SELECT organization_id::text AS organization_id, days, updated_at
         FROM retaliation_checkin_settings`,
    );
  },

  async lockSettings(tx: Db, organizationId: string): Promise<RetaliationSettingsRow | null> {
    const [row] = await tx.query<RetaliationSettingsRow>(
      `SELECT organization_id::text AS organization_id, days, updated_at
         FROM retaliation_checkin_settings WHERE organization_id = $1 FOR UPDATE`,
      [organizationId],
    );
    return row ?? null;
  },

  async saveSettings(
    tx: Db,
    organizationId: string,
    days: number[],
    actorId: number,
  ): Promise<RetaliationSettingsRow> {
    const [row] = await tx.query<RetaliationSettingsRow>(
      `INSERT INTO retaliation_checkin_settings (organization_id, days, updated_by)
       VALUES ($1, $2::int[], $3)
       ON CONFLICT (organization_id) DO UPDATE
          SET days = EXCLUDED.days, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING organization_id::text AS organization_id, days, updated_at`,
      [organizationId, days, actorId],
    );
    return row!;
  },

  /**
   * Closed, live, unblocked cases of the organisation closed between `closedFrom` and `closedTo`
   * (Chile days, inclusive) that have not been asked on `lastDay` yet, by id after `after`.
   */
  async candidates(
    db: Db,
    organizationId: string,
    closedFrom: string,
    closedTo: string,
    lastDay: number,
    after: number,
    limit: number,
  ): Promise<CheckinCandidate[]> {
    return db.query<CheckinCandidate>(
      `SELECT c.id, to_char(${CLOSED_DAY}, 'YYYY-MM-DD') AS closed,
              (SELECT max(k.day) FROM retaliation_checkins k WHERE k.complaint_id = c.id) AS asked
         FROM complaints c
        WHERE c.organization_id = $1 AND c.status = 'Cerrada' AND c.closed_at IS NOT NULL
          AND c.erased_at IS NULL
          AND ${CLOSED_DAY} BETWEEN $2::date AND $3::date
          AND NOT EXISTS (SELECT 1 FROM retaliation_checkins k
                           WHERE k.complaint_id = c.id AND k.day >= $4)
          AND NOT EXISTS (SELECT 1 FROM case_restrictions r
                           WHERE r.complaint_id = c.id AND r.kind = 'bloqueo')
          AND c.id > $5
        ORDER BY c.id LIMIT $6`,
      [organizationId, closedFrom, closedTo, lastDay, after, limit],
    );
  },

  /**
   * Records the question of `day` unless it, or a later one, was asked already: true when this
   * call recorded it (the caller then writes the log entry and the mail in the same transaction).
   */
  async recordCheckin(tx: Db, complaintId: number, day: number): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO retaliation_checkins (complaint_id, day)
       SELECT $1, $2 WHERE NOT EXISTS
         (SELECT 1 FROM retaliation_checkins WHERE complaint_id = $1 AND day >= $2)
       ON CONFLICT DO NOTHING RETURNING day`,
      [complaintId, day],
    );
    return rows.length > 0;
  },

  async insertReport(tx: Db, complaintId: number, dueDate: string): Promise<number> {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO retaliation_reports (complaint_id, due_date) VALUES ($1, $2::date) RETURNING id`,
      [complaintId, dueDate],
    );
    return Number(row!.id);
  },

  /** The case of an open report, or null. */
  async openReportCase(db: Db, id: number): Promise<number | null> {
    const [row] = await db.query<{ complaint_id: number }>(
      'SELECT complaint_id FROM retaliation_reports WHERE id = $1 AND attended_at IS NULL',
      [id],
    );
    return row ? Number(row.complaint_id) : null;
  },

  /** Marks an open report attended; its case id, or null when there is no such open report. */
  async attend(tx: Db, id: number, userId: number): Promise<number | null> {
    const [row] = await tx.query<{ complaint_id: number }>(
      `UPDATE retaliation_reports SET attended_at = now(), attended_by = $2
        WHERE id = $1 AND attended_at IS NULL RETURNING complaint_id`,
      [id, userId],
    );
    return row ? Number(row.complaint_id) : null;
  },

  /** Every report of one case, oldest first, with who attended it. */
  async ofCase(db: Db, complaintId: number) {
    return db.query<{
      id: number;
      reported: string;
      due_date: string;
      attended_at: Date | null;
      attended_by_name: string | null;
    }>(
      `SELECT r.id,
              to_char((r.reported_at AT TIME ZONE ${SANTIAGO})::date, 'YYYY-MM-DD') AS reported,
              to_char(r.due_date, 'YYYY-MM-DD') AS due_date, r.attended_at, u.name AS attended_by_name
         FROM retaliation_reports r LEFT JOIN staff_users u ON u.id = r.attended_by
        WHERE r.complaint_id = $1
        ORDER BY r.reported_at, r.id`,
      [complaintId],
    );
  },

  /**
   * Every open report, for the daily digest: its case, and the case's assignee when that person is
   * active and not excluded from it (else null: the administrators still get it).
   */
  async openForDigest(db: Db) {
    return db.query<{
      complaint_id: number;
      case_number: string;
      organization_id: string;
      due_date: string;
      assignee_id: number | null;
      email: string | null;
    }>(
      `SELECT c.id AS complaint_id, c.case_number, c.organization_id::text AS organization_id,
              to_char(r.due_date, 'YYYY-MM-DD') AS due_date, u.id AS assignee_id, u.email
         FROM retaliation_reports r JOIN complaints c ON c.id = r.complaint_id
         LEFT JOIN staff_users u ON u.id = c.assignee_id AND u.active
              AND NOT EXISTS (SELECT 1 FROM case_exclusions e WHERE e.complaint_id = c.id AND e.user_id = u.id)
        WHERE r.attended_at IS NULL AND c.erased_at IS NULL
        ORDER BY r.due_date, r.id`,
    );
  },

  /** The open reports of the cases in `scope` (an SQL condition over `complaints c`), soonest due first. */
  async open(db: Db, scope: { sql: string; params: SqlParam[] }): Promise<OpenRetaliationRow[]> {
    return db.query<OpenRetaliationRow>(
      `SELECT r.id, r.complaint_id, c.case_number,
              to_char((r.reported_at AT TIME ZONE ${SANTIAGO})::date, 'YYYY-MM-DD') AS reported,
              to_char(r.due_date, 'YYYY-MM-DD') AS due_date
         FROM retaliation_reports r JOIN complaints c ON c.id = r.complaint_id
        WHERE r.attended_at IS NULL AND ${scope.sql}
        ORDER BY r.due_date, r.id`,
      scope.params,
    );
  },
};
