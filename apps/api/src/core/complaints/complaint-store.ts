import { formatCaseNumber, organizationById } from '@canal/shared';
import type { Db } from '../../db/database';
import type { LogEntry } from './complaint-log';
import { LAST_MESSAGE, type ComplaintRow, type FileRow, type NewComplaint } from './repository';
import type { SearchIndexes } from './search-index';

/**
 * The sealed columns of a complaint's row and the place each is sealed for: what `npm run reseal`
 * and `npm run keys:rewrap` rewrite, and what an erasure will clear.
 */
export const COMPLAINT_SEALED = {
  description_enc: 'complaints.description',
  other_place_enc: 'complaints.other_place',
  complainant_enc: 'complaints.complainant',
  contact_email_enc: 'complaints.contact_email',
  resolution_enc: 'complaints.resolution',
  accused_enc: 'complaints.accused',
  representation_enc: 'complaints.representation',
} as const;
export type ComplaintSealedColumn = keyof typeof COMPLAINT_SEALED;

/**
 * The one writer of a complaint's record: its row in `complaints` (created, numbered, changed by
 * the portal, the back office, the alerts and the key rotation), its log entries in
 * `complaint_log` and its files' rows in `complaint_files`. Nothing else in the API writes these
 * tables (`test/architecture/complaint-writes.test.ts`, and the lint rule in
 * `apps/api/eslint.layers.js`); reads are `complaintsRepository`'s, and the back office's reads
 * of many cases `casesRepository`'s. What a change means (who may make it, what it logs, audits
 * and mails) is the use case's: each method here is one statement on the record.
 */
export const complaintStore = {
  // ── Creation ──────────────────────────────────────────────────────────────────────────────

  /**
   * What a complaint needs before its insert, in one round trip of the caller's transaction: the
   * organisation's next case number for the year and the transaction's `now()`, which is the
   * `created_at` the insert gives it (the time of the transaction's start, the same for every
   * statement in it). The id is the caller's (random: `newComplaintId`), so its sealed fields are
   * bound to it before the insert.
   */
  async reserve(
    tx: Db,
    organizationId: string,
    year: number,
  ): Promise<{ caseNumber: string; createdAt: Date }> {
    const [row] = await tx.query<{ last_value: number; created_at: Date }>(
      `INSERT INTO case_counters AS c (organization_id, year, last_value) VALUES ($1, $2, 1)
       ON CONFLICT (organization_id, year) DO UPDATE SET last_value = c.last_value + 1
       RETURNING last_value, now() AS created_at`,
      [organizationId, year],
    );
    return {
      caseNumber: formatCaseNumber(organizationById(organizationId), year, row!.last_value),
      createdAt: row!.created_at,
    };
  },

  async insert(
    tx: Db,
    c: NewComplaint & { id: number; case_number: string; next_due_date: string | null },
  ): Promise<{ id: number; createdAt: Date }> {
    const [row] = await tx.query<{ id: number; created_at: Date }>(
      `INSERT INTO complaints (ticket, organization_id, case_number, is_anonymous, category_id, type_id, zone_id,
         agency_id, relation_id, recognition_id, knowledge_id, occurrence_date, data_key, description_enc,
         other_place_enc, complainant_enc, contact_email_enc, email_index, password_hash, id, channel,
         rut_search, email_search, search_indexed, accused_enc, representation_enc, refer_to_dt,
         next_due_date, accused_search)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,true,
         $24,$25,$26,$27,$28)
       RETURNING id, created_at`,
      [
        c.ticket,
        c.organization_id,
        c.case_number,
        c.is_anonymous,
        c.category_id,
        c.type_id,
        c.zone_id,
        c.agency_id,
        c.relation_id,
        c.recognition_id,
        c.knowledge_id,
        c.occurrence_date_iso,
        c.data_key,
        c.description_enc,
        c.other_place_enc,
        c.complainant_enc,
        c.contact_email_enc,
        c.email_index,
        c.password_hash,
        c.id,
        c.channel,
        c.rut_search,
        c.email_search,
        c.accused_enc,
        c.representation_enc,
        c.refer_to_dt,
        c.next_due_date,
        c.accused_search,
      ],
    );
    return { id: row!.id, createdAt: row!.created_at };
  },

  // ── The row: each column a use case changes ───────────────────────────────────────────────

  /** The receipt signed at filing (decision 0050), written once in the filing's transaction. */
  async setReceipt(tx: Db, complaintId: number, receipt: string): Promise<void> {
    await tx.query('UPDATE complaints SET receipt = $2 WHERE id = $1 AND receipt IS NULL', [
      complaintId,
      receipt,
    ]);
  },

  /** The complainant's new password (recovery, activation of a complaint staff recorded). */
  async setPassword(tx: Db, complaintId: number, passwordHash: string): Promise<void> {
    await tx.query('UPDATE complaints SET password_hash = $2, updated_at = now() WHERE id = $1', [
      complaintId,
      passwordHash,
    ]);
  },

  /**
   * A new status; the first answer's date (Santiago civil date) if none yet; on closing, the
   * closing instant; the sealed resolution when one is given.
   */
  async setStatus(
    tx: Db,
    complaintId: number,
    status: string,
    today: string,
    resolutionEnc: string | null,
  ): Promise<void> {
    await tx.query(
      `UPDATE complaints SET status = $2, response_date = coalesce(response_date, $3::date), updated_at = now(),
              closed_at = CASE WHEN $2 = 'Cerrada' THEN now() ELSE closed_at END,
              resolution_enc = coalesce($4, resolution_enc)
        WHERE id = $1`,
      [complaintId, status, today, resolutionEnc],
    );
  },

  /** The first answer's date, unless the case was answered before. */
  /** The complainant signed in: the last visit becomes the previous one (decision 0061). */
  async recordVisit(db: Db, complaintId: number): Promise<void> {
    await db.query(
      `UPDATE complaints SET complainant_previous_visit_at = complainant_visited_at,
              complainant_visited_at = now()
        WHERE id = $1`,
      [complaintId],
    );
  },

  async markAnswered(tx: Db, complaintId: number, today: string): Promise<void> {
    await tx.query(
      'UPDATE complaints SET response_date = coalesce(response_date, $2::date), updated_at = now() WHERE id = $1',
      [complaintId, today],
    );
  },

  /**
   * The complainant corrected their contact details (Law 21.719): the sealed complainant and
   * address, and both of the address's blind indexes (recovery's and the staff search's), always
   * together so no index outlives the address it was made from.
   */
  async setContact(
    tx: Db,
    complaintId: number,
    c: Pick<ComplaintRow, 'complainant_enc' | 'contact_email_enc' | 'email_index'> &
      Pick<SearchIndexes, 'email_search'>,
  ): Promise<void> {
    await tx.query(
      `UPDATE complaints SET complainant_enc = $2, contact_email_enc = $3, email_index = $4,
              email_search = $5, updated_at = now() WHERE id = $1`,
      [complaintId, c.complainant_enc, c.contact_email_enc, c.email_index, c.email_search],
    );
  },

  async setAssignee(tx: Db, complaintId: number, userId: number | null): Promise<void> {
    await tx.query('UPDATE complaints SET assignee_id = $2, updated_at = now() WHERE id = $1', [
      complaintId,
      userId,
    ]);
  },

  /** Assigns a case nobody handles yet; false when someone already does (left as it is). */
  async assignIfUnassigned(tx: Db, complaintId: number, userId: number): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE complaints SET assignee_id = $2, updated_at = now()
        WHERE id = $1 AND assignee_id IS NULL RETURNING id`,
      [complaintId, userId],
    );
    return rows.length > 0;
  },

  /** A new type (and its category): the case's legal regime follows the type. */
  async setType(tx: Db, complaintId: number, typeId: number, categoryId: number): Promise<void> {
    await tx.query(
      'UPDATE complaints SET type_id = $2, category_id = $3, updated_at = now() WHERE id = $1',
      [complaintId, typeId, categoryId],
    );
  },

  async setPriority(tx: Db, complaintId: number, priority: string | null): Promise<void> {
    await tx.query('UPDATE complaints SET priority = $2, updated_at = now() WHERE id = $1', [
      complaintId,
      priority,
    ]);
  },

  /** The next legal due date the inbox sorts by (computed by the deadlines code). */
  async setNextDueDate(tx: Db, complaintId: number, due: string | null): Promise<void> {
    await tx.query('UPDATE complaints SET next_due_date = $2::date WHERE id = $1', [
      complaintId,
      due,
    ]);
  },

  /** Stores a complaint's search indexes if it is still pending; true when it was. */
  async setSearchIndexes(db: Db, id: number, s: SearchIndexes): Promise<boolean> {
    const rows = await db.query(
      `UPDATE complaints SET rut_search = $2, email_search = $3, accused_search = $4,
              search_indexed = true
        WHERE id = $1 AND NOT search_indexed RETURNING id`,
      [id, s.rut_search, s.email_search, s.accused_search],
    );
    return rows.length > 0;
  },

  /**
   * Erases closed cases whose retention period has ended (issue 19, decisions 0046 and 0065), in
   * the caller's transaction, set-based (a fixed number of statements however many cases): each
   * row becomes a tombstone (case number, organisation, category and type, channel, dates, final
   * status, whether anonymous stay; sealed fields, data key, password, e-mail and search indexes,
   * occurrence and place go), and its log, files' rows, sessions, reset tokens, requests,
   * transcripts, tags, links, exclusions, block and mail go. Its legal milestones stay (the SUSESO
   * counts read them; they hold dates only). A case not closed, erased already or under a legal
   * hold is left as it is (the hold checked under the rows' locks, taken in id order, so a hold
   * set meanwhile wins). Answers the ids erased and the storage keys of their files, for the
   * caller to delete after commit.
   */
  async eraseComplaints(
    tx: Db,
    ids: number[],
  ): Promise<{ erased: number[]; storageKeys: string[] }> {
    if (ids.length === 0) return { erased: [], storageKeys: [] };
    const live = await tx.query<{ id: number }>(
      `SELECT id FROM complaints
        WHERE id = ANY($1::bigint[]) AND status = 'Cerrada' AND closed_at IS NOT NULL
          AND erased_at IS NULL
        ORDER BY id FOR UPDATE`,
      [ids],
    );
    if (live.length === 0) return { erased: [], storageKeys: [] };
    // A statement of its own after the locks: it sees a hold committed while this one waited.
    const held = await tx.query<{ complaint_id: number }>(
      `SELECT complaint_id FROM case_restrictions
        WHERE complaint_id = ANY($1::bigint[]) AND kind = 'conservacion'`,
      [live.map((r) => r.id)],
    );
    const heldIds = new Set(held.map((h) => Number(h.complaint_id)));
    const erased = live.map((r) => Number(r.id)).filter((id) => !heldIds.has(id));
    if (erased.length === 0) return { erased: [], storageKeys: [] };
    const files = await tx.query<{ storage_key: string }>(
      'DELETE FROM complaint_files WHERE complaint_id = ANY($1::bigint[]) RETURNING storage_key',
      [erased],
    );
    for (const table of [
      'complaint_log',
      'complainant_sessions',
      'password_resets',
      'replacement_requests',
      'complaint_transcripts',
      'case_tags',
      'case_exclusions',
      'case_restrictions',
      'email_changes',
      // Its mail in any state: a mail given up keeps its sealed recipient and data (migration 031).
      'outbox',
    ])
      await tx.query(`DELETE FROM ${table} WHERE complaint_id = ANY($1::bigint[])`, [erased]);
    await tx.query(
      'DELETE FROM case_links WHERE complaint_id = ANY($1::bigint[]) OR linked_id = ANY($1::bigint[])',
      [erased],
    );
    await tx.query(
      `UPDATE complaints SET erased_at = now(), data_key = NULL, description_enc = NULL,
              other_place_enc = NULL, complainant_enc = NULL, contact_email_enc = NULL,
              email_index = NULL, password_hash = NULL, resolution_enc = NULL, accused_enc = NULL,
              representation_enc = NULL, rut_search = NULL, email_search = NULL,
              accused_search = NULL, zone_id = NULL,
              agency_id = NULL, relation_id = NULL, recognition_id = NULL, knowledge_id = NULL,
              occurrence_date = NULL, assignee_id = NULL, priority = NULL, receipt = NULL,
              complainant_visited_at = NULL, complainant_previous_visit_at = NULL,
              updated_at = now()
        WHERE id = ANY($1::bigint[])`,
      [erased],
    );
    return { erased, storageKeys: files.map((f) => f.storage_key) };
  },

  // ── The log and the files ─────────────────────────────────────────────────────────────────

  /**
   * Appends an entry built by `complaint-log.ts`; answers its id. An entry of the complainant or
   * the system also marks the case updated, in the same round trip (both statements always run);
   * a staff member's change marks it where it changes the row.
   */
  async appendLog(tx: Db, e: LogEntry): Promise<number> {
    if (e.staffUserId !== null) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO complaint_log (complaint_id, event, comment_enc, author, visible, staff_user_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [e.complaintId, e.event, e.commentEnc, e.author, e.visible, e.staffUserId],
      );
      return Number(row!.id);
    }
    const [row] = await tx.query<{ id: number }>(
      `WITH entry AS (
         INSERT INTO complaint_log (complaint_id, event, comment_enc, author, visible)
         VALUES ($1, $2, $3, $4, $5) RETURNING id),
       touched AS (UPDATE complaints SET updated_at = now() WHERE id = $1)
       SELECT id FROM entry`,
      [e.complaintId, e.event, e.commentEnc, e.author, e.visible],
    );
    return row!.id;
  },

  /**
   * Records that staff read the complainant's last message now, unless it already was: the first
   * reading counts; who read it is never stored here.
   */
  async markLastComplainantMessageRead(db: Db, complaintId: number): Promise<void> {
    await db.query(
      `UPDATE complaint_log SET read_by_staff_at = now()
        WHERE id = (${LAST_MESSAGE}) AND read_by_staff_at IS NULL`,
      [complaintId],
    );
  },

  async addFile(
    tx: Db,
    f: Omit<FileRow, 'created_at' | 'from_team'> & { log_id: number | null },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO complaint_files (id, complaint_id, log_id, storage_key, name_enc, extension, mimetype, size_bytes)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [
        f.id,
        f.complaint_id,
        f.log_id,
        f.storage_key,
        f.name_enc,
        f.extension,
        f.mimetype,
        f.size_bytes,
      ],
    );
  },

  // ── Key rotation: compare-and-set rewrites of sealed values (a concurrent write wins) ─────

  /** Sets a sealed column of the row only if it still holds `old`. */
  async rewriteSealedColumn(
    db: Db,
    complaintId: number,
    column: ComplaintSealedColumn,
    old: string,
    value: string,
  ): Promise<void> {
    await db.query(`UPDATE complaints SET ${column} = $1 WHERE id = $2 AND ${column} = $3`, [
      value,
      complaintId,
      old,
    ]);
  },

  /** The complaint's data key, wrapped anew, only if it is still `old`. */
  async rewrapDataKey(db: Db, complaintId: number, old: string, value: string): Promise<void> {
    await db.query('UPDATE complaints SET data_key = $1 WHERE id = $2 AND data_key = $3', [
      value,
      complaintId,
      old,
    ]);
  },

  async rewriteLogComment(db: Db, logId: string, old: string, value: string): Promise<void> {
    await db.query(
      'UPDATE complaint_log SET comment_enc = $1 WHERE id = $2::bigint AND comment_enc = $3',
      [value, logId, old],
    );
  },

  async rewriteFileName(db: Db, fileId: string, old: string, value: string): Promise<void> {
    await db.query(
      'UPDATE complaint_files SET name_enc = $1 WHERE id = $2::uuid AND name_enc = $3',
      [value, fileId, old],
    );
  },
};
