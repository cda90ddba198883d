import type { Db } from '../../db/database';

/** A legal hold (`conservacion`: never erased while it stands) or a block (`bloqueo`). */
export type RestrictionKind = 'conservacion' | 'bloqueo';

export interface RestrictionRow {
  kind: RestrictionKind;
  reason: string;
  set_by: number | null;
  set_by_name: string | null;
  set_at: Date;
}

/** The `case_restrictions` table (migration 030): one row per case and kind while it stands. */
export const restrictionStore = {
  /**
   * Locks the case's row for the caller's transaction (the erasure takes the same lock, so a hold
   * and an erasure never cross): whether it is erased, and its data key.
   */
  async lockCase(
    tx: Db,
    complaintId: number,
  ): Promise<{ erased: boolean; data_key: string } | null> {
    const [row] = await tx.query<{ erased: boolean; data_key: string }>(
      'SELECT erased_at IS NOT NULL AS erased, data_key FROM complaints WHERE id = $1 FOR UPDATE',
      [complaintId],
    );
    return row ?? null;
  },

  /** Sets it; false when the case already had one of that kind. */
  async set(
    tx: Db,
    complaintId: number,
    kind: RestrictionKind,
    reason: string,
    setBy: number,
  ): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO case_restrictions (complaint_id, kind, reason, set_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (complaint_id, kind) DO NOTHING RETURNING 1`,
      [complaintId, kind, reason, setBy],
    );
    return rows.length > 0;
  },

  /** Lifts it; the reason it had, or null when there was none. */
  async lift(tx: Db, complaintId: number, kind: RestrictionKind): Promise<string | null> {
    const [row] = await tx.query<{ reason: string }>(
      'DELETE FROM case_restrictions WHERE complaint_id = $1 AND kind = $2 RETURNING reason',
      [complaintId, kind],
    );
    return row?.reason ?? null;
  },

  /** Those of a case, with who set them. */
  of(db: Db, complaintId: number): Promise<RestrictionRow[]> {
    return db.query<RestrictionRow>(
      `SELECT r.kind, r.reason, r.set_by, u.name AS set_by_name, r.set_at
         FROM case_restrictions r LEFT JOIN staff_users u ON u.id = r.set_by
        WHERE r.complaint_id = $1 ORDER BY r.kind`,
      [complaintId],
    );
  },

  async isBlocked(db: Db, complaintId: number): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM case_restrictions WHERE complaint_id = $1 AND kind = 'bloqueo'`,
      [complaintId],
    );
    return rows.length > 0;
  },
};
