import type { Db } from '../../db/database';
import type { MilestoneKey } from './rules';

/** Noon in Santiago (UTC-3 or UTC-4) of a civil date: an instant that is that civil day there. */
export const civilNoon = (date: string) => new Date(`${date}T12:00:00-04:00`);

type Completed = Partial<Record<MilestoneKey, Date>>;

/**
 * The legal milestones recorded on cases (`case_milestones`): by staff (the case page, closing)
 * or by the system (the acknowledgement its confirmation mail gives). A recorded civil date is
 * read back as noon in Santiago (`civilNoon`), always the same civil day. Dates are computed by
 * the deadlines code, never here.
 */
export const caseMilestonesStore = {
  async completed(db: Db, complaintId: number): Promise<Completed> {
    const rows = await db.query<{ milestone: MilestoneKey; completed_on: string }>(
      `SELECT milestone, to_char(completed_on, 'YYYY-MM-DD') AS completed_on FROM case_milestones WHERE complaint_id = $1`,
      [complaintId],
    );
    return Object.fromEntries(rows.map((r) => [r.milestone, civilNoon(r.completed_on)]));
  },

  /** The completed milestones of many cases, by case id. */
  async completedOf(db: Db, ids: number[]): Promise<Map<number, Completed>> {
    if (ids.length === 0) return new Map<number, Completed>();
    const rows = await db.query<{
      complaint_id: number;
      milestone: MilestoneKey;
      completed_on: string;
    }>(
      `SELECT complaint_id, milestone, to_char(completed_on, 'YYYY-MM-DD') AS completed_on
         FROM case_milestones WHERE complaint_id = ANY($1::bigint[])`,
      [ids],
    );
    const map = new Map<number, Completed>();
    for (const r of rows)
      map.set(r.complaint_id, {
        ...map.get(r.complaint_id),
        [r.milestone]: civilNoon(r.completed_on),
      });
    return map;
  },

  /** The milestones of a case the system recorded itself (no staff author). */
  async recordedBySystem(db: Db, complaintId: number): Promise<string[]> {
    const rows = await db.query<{ milestone: string }>(
      'SELECT milestone FROM case_milestones WHERE complaint_id = $1 AND recorded_by IS NULL',
      [complaintId],
    );
    return rows.map((r) => r.milestone);
  },

  /** A milestone a staff member records on `date` ('yyyy-mm-dd'), replacing an earlier record. */
  async record(
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

  /** A milestone the system records itself (no staff author), unless it is recorded already. */
  async recordBySystem(
    tx: Db,
    complaintId: number,
    key: MilestoneKey,
    date: string,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO case_milestones (complaint_id, milestone, completed_on, recorded_by)
       VALUES ($1, $2, $3::date, NULL) ON CONFLICT (complaint_id, milestone) DO NOTHING`,
      [complaintId, key, date],
    );
  },
};
