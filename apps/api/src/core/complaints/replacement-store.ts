import type { Db } from '../../db/database';

/** A request to replace the investigator still waiting for an answer (decision 0022). */
export interface OpenReplacementRow {
  id: number;
  complaint_id: number;
  reason_enc: string;
  investigator_id: number | null;
  investigator_name: string | null;
  created_at: Date;
}

/** A request of any state, with its answer and the names of the people it involves. */
export interface ReplacementRow extends OpenReplacementRow {
  status: 'pendiente' | 'aceptada' | 'rechazada';
  answered_at: Date | null;
  answered_by_name: string | null;
  answer_enc: string | null;
  new_assignee_name: string | null;
}

const OPEN_COLUMNS = `r.id, r.complaint_id, r.reason_enc, r.investigator_id, u.name AS investigator_name,
  r.created_at`;

/** Persists `replacement_requests`: the complainant's requests to replace the investigator. */
export const replacementStore = {
  async open(db: Db, complaintId: number): Promise<OpenReplacementRow | null> {
    const [row] = await db.query<OpenReplacementRow>(
      `SELECT ${OPEN_COLUMNS} FROM replacement_requests r
         LEFT JOIN staff_users u ON u.id = r.investigator_id
        WHERE r.complaint_id = $1 AND r.status = 'pendiente'`,
      [complaintId],
    );
    return row ?? null;
  },

  /** Every request of the case, answered or not, oldest first (the dossier lists them all). */
  all(db: Db, complaintId: number): Promise<ReplacementRow[]> {
    return db.query<ReplacementRow>(
      `SELECT ${OPEN_COLUMNS}, r.status, r.answered_at, a.name AS answered_by_name, r.answer_enc,
              n.name AS new_assignee_name
         FROM replacement_requests r
         LEFT JOIN staff_users u ON u.id = r.investigator_id
         LEFT JOIN staff_users a ON a.id = r.answered_by
         LEFT JOIN staff_users n ON n.id = r.new_assignee_id
        WHERE r.complaint_id = $1
        ORDER BY r.created_at, r.id`,
      [complaintId],
    );
  },

  /**
   * A new open request; null when the case already has one (the partial unique index decides, so
   * two requests sent at once cannot both be open).
   */
  async insert(
    tx: Db,
    r: { complaintId: number; reasonEnc: string; investigatorId: number | null },
  ): Promise<number | null> {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO replacement_requests (complaint_id, reason_enc, investigator_id)
       VALUES ($1, $2, $3)
       ON CONFLICT (complaint_id) WHERE status = 'pendiente' DO NOTHING
       RETURNING id`,
      [r.complaintId, r.reasonEnc, r.investigatorId],
    );
    return row?.id ?? null;
  },

  /** Closes the open request with an answer; false when it was no longer open. */
  async answer(
    tx: Db,
    a: {
      id: number;
      status: 'aceptada' | 'rechazada';
      answeredBy: number;
      answerEnc: string | null;
      newAssigneeId: number | null;
    },
  ): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE replacement_requests
          SET status = $2, answered_by = $3, answered_at = now(), answer_enc = $4, new_assignee_id = $5
        WHERE id = $1 AND status = 'pendiente' RETURNING id`,
      [a.id, a.status, a.answeredBy, a.answerEnc, a.newAssigneeId],
    );
    return rows.length > 0;
  },
};
