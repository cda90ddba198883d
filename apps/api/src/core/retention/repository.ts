import { CHILE_TIME_ZONE } from '@canal/shared';
import type { Db } from '../../db/database';

const SANTIAGO = `'${CHILE_TIME_ZONE}'`;
const CLOSED_DAY = `to_char(c.closed_at AT TIME ZONE ${SANTIAGO}, 'YYYY-MM-DD')`;
/** Closed now: a case reopened keeps its `closed_at` (back-office/cases/repository.ts). */
const CLOSED = `c.status = 'Cerrada' AND c.closed_at IS NOT NULL AND c.erased_at IS NULL`;
const NOT_HELD = `NOT EXISTS (SELECT 1 FROM case_restrictions r
                               WHERE r.complaint_id = c.id AND r.kind = 'conservacion')`;

export interface DueCase {
  id: number;
  case_number: string;
  organization_id: string;
  received: string;
  closed: string;
}

/** What the retention sweep reads (the erasure itself is `complaintStore.eraseComplaints`). */
export const retentionRepository = {
  /** Organisations with closed cases not erased yet. */
  async organisationsWithClosedCases(db: Db): Promise<string[]> {
    const rows = await db.query<{ organization_id: string }>(
      `SELECT DISTINCT c.organization_id FROM complaints c WHERE ${CLOSED}`,
    );
    return rows.map((r) => r.organization_id);
  },

  /**
   * Closed cases of `organizationId`, not erased and not held, closed (Santiago day) on or before
   * `closedBy`, after `afterId`, by id.
   */
  due(
    db: Db,
    organizationId: string,
    closedBy: string,
    afterId: number,
    limit: number,
  ): Promise<DueCase[]> {
    return db.query<DueCase>(
      `SELECT c.id, c.case_number, c.organization_id,
              to_char(c.created_at AT TIME ZONE ${SANTIAGO}, 'YYYY-MM-DD') AS received,
              ${CLOSED_DAY} AS closed
         FROM complaints c
        WHERE c.organization_id = $1 AND ${CLOSED}
          AND (c.closed_at AT TIME ZONE ${SANTIAGO})::date <= $2::date AND c.id > $3 AND ${NOT_HELD}
        ORDER BY c.id LIMIT $4`,
      [organizationId, closedBy, afterId, limit],
    );
  },

  /**
   * Closed cases not erased, after `afterId`: their data key, closing day and whether they are
   * held (the sweep seals each key until its erasure day, or unseals a held one).
   */
  closed(db: Db, afterId: number, limit: number) {
    return db.query<{
      id: number;
      organization_id: string;
      data_key: string;
      closed: string;
      held: boolean;
    }>(
      `SELECT c.id, c.organization_id, c.data_key, ${CLOSED_DAY} AS closed,
              NOT ${NOT_HELD} AS held
         FROM complaints c
        WHERE ${CLOSED} AND c.id > $1
        ORDER BY c.id LIMIT $2`,
      [afterId, limit],
    );
  },

  /** Open cases whose data key is sealed until a day (a case reopened): to unseal. */
  sealedOpen(db: Db, afterId: number, limit: number) {
    return db.query<{ id: number; data_key: string }>(
      `SELECT id, data_key FROM complaints
        WHERE status <> 'Cerrada' AND data_key LIKE 'e1:%' AND id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  },
};
