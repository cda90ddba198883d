import type { Db } from '../../db/database';

/** What a redaction sets: the sealed person and texts go, the moment is kept. */
const REDACTED = `person_enc = NULL, detail_enc = NULL, extension_reason_enc = NULL,
  decision_reason_enc = NULL, answer_enc = NULL, redacted_at = now()`;
const NO_CASE = 'NOT EXISTS (SELECT 1 FROM data_request_cases dc WHERE dc.request_id = r.id)';

/** A row of the register (migration 027), sealed columns still sealed. */
export interface DataRequestRow {
  id: number;
  organization_id: string;
  requester: string;
  data_right: string;
  channel: string;
  /** Null once redacted (its cases erased, decision 0048), as are the other sealed columns. */
  person_enc: string | null;
  detail_enc: string | null;
  /** yyyy-mm-dd */
  received_on: string;
  /** yyyy-mm-dd */
  due_on: string;
  extension_reason_enc: string | null;
  extended: boolean;
  decision: string | null;
  decision_reason_enc: string | null;
  answer_enc: string | null;
  answered_at: Date | null;
  answered_by_name: string | null;
  created_by_name: string | null;
  created_at: Date;
  redacted_at: Date | null;
  /** The cases it concerns: ids and numbers. */
  cases: { id: number; numero: string }[];
}

export type NewDataRequestRow = Pick<
  DataRequestRow,
  | 'organization_id'
  | 'requester'
  | 'data_right'
  | 'channel'
  | 'person_enc'
  | 'detail_enc'
  | 'received_on'
  | 'due_on'
> & { person_enc: string; detail_enc: string; created_by: number | null; complaint_ids: number[] };

const COLUMNS = `r.id, r.organization_id, r.requester, r.data_right, r.channel, r.person_enc, r.detail_enc,
  to_char(r.received_on, 'YYYY-MM-DD') AS received_on, to_char(r.due_on, 'YYYY-MM-DD') AS due_on,
  r.extension_reason_enc, r.extended, r.decision, r.decision_reason_enc, r.answer_enc, r.answered_at,
  a.name AS answered_by_name, c.name AS created_by_name, r.created_at, r.redacted_at,
  coalesce((SELECT json_agg(json_build_object('id', k.id, 'numero', k.case_number) ORDER BY k.id)
              FROM data_request_cases dc JOIN complaints k ON k.id = dc.complaint_id
             WHERE dc.request_id = r.id), '[]'::json) AS cases`;
const FROM = `data_requests r LEFT JOIN staff_users a ON a.id = r.answered_by
  LEFT JOIN staff_users c ON c.id = r.created_by`;

/** A JSON column arrives parsed from `pg` and as text from PGlite in some versions: one shape. */
const parsed = (row: DataRequestRow): DataRequestRow => ({
  ...row,
  cases: typeof row.cases === 'string' ? JSON.parse(row.cases) : row.cases,
});

/**
 * The register of data-protection requests (Law 21.719, issue 19), for both sides: the portal
 * records the complainant's requests, the back office records the rest and answers them. SQL only;
 * the answer period is computed by the caller (`clock.ts`). `organizations` null: every one.
 */
export const dataRequestsRepository = {
  async insert(tx: Db, r: NewDataRequestRow): Promise<number> {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO data_requests (organization_id, requester, data_right, channel, person_enc,
         detail_enc, received_on, due_on, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        r.organization_id,
        r.requester,
        r.data_right,
        r.channel,
        r.person_enc,
        r.detail_enc,
        r.received_on,
        r.due_on,
        r.created_by,
      ],
    );
    for (const complaintId of r.complaint_ids)
      await tx.query(
        'INSERT INTO data_request_cases (request_id, complaint_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [row!.id, complaintId],
      );
    return row!.id;
  },

  async list(db: Db, organizations: string[] | null, onlyOpen: boolean): Promise<DataRequestRow[]> {
    const rows = await db.query<DataRequestRow>(
      `SELECT ${COLUMNS} FROM ${FROM}
        WHERE ($1::text[] IS NULL OR r.organization_id = ANY($1::text[]))
          AND (NOT $2 OR r.answered_at IS NULL)
        ORDER BY r.answered_at IS NOT NULL, r.due_on, r.id
        LIMIT 500`,
      [organizations, onlyOpen],
    );
    return rows.map(parsed);
  },

  async find(db: Db, id: number, organizations: string[] | null): Promise<DataRequestRow | null> {
    const [row] = await db.query<DataRequestRow>(
      `SELECT ${COLUMNS} FROM ${FROM}
        WHERE r.id = $1 AND ($2::text[] IS NULL OR r.organization_id = ANY($2::text[]))`,
      [id, organizations],
    );
    return row ? parsed(row) : null;
  },

  /** Open requests and those due before `today` (yyyy-mm-dd), for the inbox, digest and statistics. */
  async openCounts(
    db: Db,
    organizations: string[] | null,
    today: string,
  ): Promise<{ open: number; overdue: number }> {
    const [row] = await db.query<{ open: number; overdue: number }>(
      `SELECT count(*)::int AS open, count(*) FILTER (WHERE due_on < $2::date)::int AS overdue
         FROM data_requests
        WHERE answered_at IS NULL AND ($1::text[] IS NULL OR organization_id = ANY($1::text[]))`,
      [organizations, today],
    );
    return row ?? { open: 0, overdue: 0 };
  },

  /** Received, and answered, between two days (yyyy-mm-dd, both included; null: unbounded). */
  async periodCounts(
    db: Db,
    organizations: string[] | null,
    from: string | null,
    to: string | null,
  ): Promise<{ received: number; answered: number; answeredLate: number }> {
    const [row] = await db.query<{ received: number; answered: number; answered_late: number }>(
      `SELECT count(*)::int AS received,
              count(*) FILTER (WHERE answered_at IS NOT NULL)::int AS answered,
              count(*) FILTER (WHERE answered_at IS NOT NULL
                AND (answered_at AT TIME ZONE 'America/Santiago')::date > due_on)::int AS answered_late
         FROM data_requests
        WHERE ($1::text[] IS NULL OR organization_id = ANY($1::text[]))
          AND ($2::date IS NULL OR received_on >= $2::date)
          AND ($3::date IS NULL OR received_on <= $3::date)`,
      [organizations, from, to],
    );
    return {
      received: row?.received ?? 0,
      answered: row?.answered ?? 0,
      answeredLate: row?.answered_late ?? 0,
    };
  },

  /** Extends an open, never-extended request; false when it was answered or extended already. */
  async extend(tx: Db, id: number, dueOn: string, reasonEnc: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE data_requests SET due_on = $2, extension_reason_enc = $3, extended = true
        WHERE id = $1 AND answered_at IS NULL AND NOT extended RETURNING id`,
      [id, dueOn, reasonEnc],
    );
    return rows.length > 0;
  },

  /** Records the answer of an open request; false when it was answered already. */
  async answer(
    tx: Db,
    id: number,
    a: { decision: string; reasonEnc: string; answerEnc: string; staffId: number },
  ): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE data_requests SET decision = $2, decision_reason_enc = $3, answer_enc = $4,
              answered_at = now(), answered_by = $5
        WHERE id = $1 AND answered_at IS NULL RETURNING id`,
      [id, a.decision, a.reasonEnc, a.answerEnc, a.staffId],
    );
    return rows.length > 0;
  },

  /**
   * Redacts the answered requests whose every case is erased (decision 0048), those naming one of
   * `complaintIds` only, or all when null: who asked, what they wrote, the reasons and the answer
   * go; the role, right, channel, dates, extension, decision and the cases' tombstones stay.
   * Answers the ids redacted. A request naming no case is not one of them (`redactWithoutCases`).
   */
  async redactAfterErasure(tx: Db, complaintIds: number[] | null): Promise<number[]> {
    const rows = await tx.query<{ id: number }>(
      `UPDATE data_requests r SET ${REDACTED}
        WHERE r.answered_at IS NOT NULL AND r.redacted_at IS NULL
          AND ($1::bigint[] IS NULL
               OR EXISTS (SELECT 1 FROM data_request_cases dc
                           WHERE dc.request_id = r.id AND dc.complaint_id = ANY($1::bigint[])))
          AND EXISTS (SELECT 1 FROM data_request_cases dc WHERE dc.request_id = r.id)
          AND NOT EXISTS (SELECT 1 FROM data_request_cases dc
                            JOIN complaints c ON c.id = dc.complaint_id
                           WHERE dc.request_id = r.id AND c.erased_at IS NULL)
        RETURNING r.id`,
      [complaintIds],
    );
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  },

  /** Organisations with answered requests naming no case whose personal data are still there. */
  async organizationsWithoutCases(db: Db): Promise<string[]> {
    const rows = await db.query<{ organization_id: string }>(
      `SELECT DISTINCT r.organization_id FROM data_requests r
        WHERE r.answered_at IS NOT NULL AND r.redacted_at IS NULL AND ${NO_CASE}`,
    );
    return rows.map((r) => r.organization_id);
  },

  /**
   * Redacts `organizationId`'s answered requests naming no case answered (Santiago day) on or
   * before `answeredBy`, yyyy-mm-dd: their retention period has run from the answer (decision
   * 0065); what goes and stays as in `redactAfterErasure`. Answers the ids redacted.
   */
  async redactWithoutCases(tx: Db, organizationId: string, answeredBy: string): Promise<number[]> {
    const rows = await tx.query<{ id: number }>(
      `UPDATE data_requests r SET ${REDACTED}
        WHERE r.organization_id = $1 AND r.answered_at IS NOT NULL AND r.redacted_at IS NULL
          AND (r.answered_at AT TIME ZONE 'America/Santiago')::date <= $2::date AND ${NO_CASE}
        RETURNING r.id`,
      [organizationId, answeredBy],
    );
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  },
};
