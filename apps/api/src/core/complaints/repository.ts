import { formatCaseNumber, organizationById, type ComplaintChannel } from '@canal/shared';
import type { Db } from '../../db/database';
import type { SearchIndexes } from './search-index';
import { AUTHOR_COMPLAINANT, COMPLAINANT_MESSAGE_EVENTS } from './log-events';

/** The complainant's last message of a case (a comment or an upload), as SQL. */
const LAST_MESSAGE = `SELECT id FROM complaint_log
  WHERE complaint_id = $1 AND visible AND staff_user_id IS NULL AND author = '${AUTHOR_COMPLAINANT}'
    AND event IN (${COMPLAINANT_MESSAGE_EVENTS.map((e) => `'${e}'`).join(', ')})
  ORDER BY created_at DESC, id DESC LIMIT 1`;

/** A complaint row with dates already in the API's dd/mm/yyyy text. Sensitive columns stay sealed. */
export interface ComplaintRow {
  id: number;
  ticket: number;
  organization_id: string;
  case_number: string;
  status: string;
  is_anonymous: boolean;
  category_id: number;
  type_id: number;
  zone_id: number;
  agency_id: number | null;
  relation_id: number;
  recognition_id: number;
  knowledge_id: number;
  occurrence_date: string;
  created_at: Date;
  response_date: string | null;
  data_key: string;
  description_enc: string;
  other_place_enc: string | null;
  complainant_enc: string | null;
  /** Null when staff recorded a complaint whose person gave no e-mail (migration 013). */
  contact_email_enc: string | null;
  email_index: string | null;
  password_hash: string;
  /** `portal`, or how staff received it (migration 013). */
  channel: ComplaintChannel;
  /** Back office: who handles the case, the next legal due date (yyyy-mm-dd), closing. */
  assignee_id: number | null;
  next_due_date: string | null;
  closed_at: Date | null;
  resolution_enc: string | null;
  /** Risk/priority staff set (`CASE_PRIORITIES`), or null. */
  priority: string | null;
  /** Law 21.643 (migration 015): sealed {nombre, cargo} of the accused, and the basis of a representation. */
  accused_enc: string | null;
  representation_enc: string | null;
  /** The accused is the employer's manager or legal representative: the case goes to the DT. */
  refer_to_dt: boolean;
  /** When the retention sweep erased it (migration 030): the row is then a tombstone whose
   * sealed, personal and key columns are all null, whatever their types say. */
  erased_at: Date | null;
}

const COLUMNS = `id, ticket, organization_id, case_number, status, is_anonymous, category_id, type_id, zone_id,
  agency_id, relation_id, recognition_id, knowledge_id, to_char(occurrence_date, 'DD/MM/YYYY') AS occurrence_date,
  created_at, to_char(response_date, 'DD/MM/YYYY') AS response_date, data_key, description_enc, other_place_enc,
  complainant_enc, contact_email_enc, email_index, password_hash, channel, assignee_id,
  to_char(next_due_date, 'YYYY-MM-DD') AS next_due_date, closed_at, resolution_enc, priority,
  accused_enc, representation_enc, refer_to_dt, erased_at`;

export type NewComplaint = Omit<
  ComplaintRow,
  | 'id'
  | 'created_at'
  | 'response_date'
  | 'status'
  | 'case_number'
  | 'assignee_id'
  | 'next_due_date'
  | 'closed_at'
  | 'resolution_enc'
  | 'priority'
  | 'erased_at'
> &
  // The case search's blind indexes: `complaintSearchIndexes` (search-index.ts) makes them.
  SearchIndexes & {
    occurrence_date_iso: string;
  };

export interface LogRow {
  id: number;
  event: string;
  comment_enc: string | null;
  author: string;
  visible: boolean;
  created_at: Date;
}

export interface FileRow {
  id: string;
  complaint_id: number;
  storage_key: string;
  name_enc: string;
  extension: string;
  mimetype: string;
  size_bytes: number;
  created_at: Date;
  /** Sent by the investigation team with a reply (its log entry is a staff member's). */
  from_team: boolean;
}

/** A file is the team's when its log entry was written by a staff member. */
const FROM_TEAM = `EXISTS (SELECT 1 FROM complaint_log l
                          WHERE l.id = f.log_id AND l.staff_user_id IS NOT NULL) AS from_team`;

export const complaintsRepository = {
  /**
   * Erases a closed case whose retention period has ended (issue 19, decision 0046), in the
   * caller's transaction: the row becomes a tombstone (case number, organisation, category and
   * type, channel, dates, final status, whether anonymous stay; sealed fields, data key, password,
   * e-mail and search indexes, occurrence and place go), and its log, files' rows, sessions, reset
   * tokens, requests, tags, links, exclusions and block go. Its legal milestones stay (the SUSESO
   * counts read them; they hold dates only). Null, changing nothing, when the case is not closed,
   * is erased already or is under a legal hold (checked under the row's lock, so a hold set
   * meanwhile wins); else the storage keys of its files, for the caller to delete after commit.
   */
  async eraseComplaint(tx: Db, id: number): Promise<{ storageKeys: string[] } | null> {
    const [live] = await tx.query<{ id: number }>(
      `SELECT id FROM complaints
        WHERE id = $1 AND status = 'Cerrada' AND closed_at IS NOT NULL AND erased_at IS NULL
          FOR UPDATE`,
      [id],
    );
    if (!live) return null;
    const held = await tx.query(
      `SELECT 1 FROM case_restrictions WHERE complaint_id = $1 AND kind = 'conservacion'`,
      [id],
    );
    if (held.length > 0) return null;
    const files = await tx.query<{ storage_key: string }>(
      'DELETE FROM complaint_files WHERE complaint_id = $1 RETURNING storage_key',
      [id],
    );
    for (const table of [
      'complaint_log',
      'complainant_sessions',
      'password_resets',
      'replacement_requests',
      'case_tags',
      'case_exclusions',
      'case_restrictions',
    ])
      await tx.query(`DELETE FROM ${table} WHERE complaint_id = $1`, [id]);
    await tx.query('DELETE FROM case_links WHERE complaint_id = $1 OR linked_id = $1', [id]);
    await tx.query(
      `UPDATE complaints SET erased_at = now(), data_key = NULL, description_enc = NULL,
              other_place_enc = NULL, complainant_enc = NULL, contact_email_enc = NULL,
              email_index = NULL, password_hash = NULL, resolution_enc = NULL, accused_enc = NULL,
              representation_enc = NULL, rut_search = NULL, email_search = NULL, zone_id = NULL,
              agency_id = NULL, relation_id = NULL, recognition_id = NULL, knowledge_id = NULL,
              occurrence_date = NULL, assignee_id = NULL, priority = NULL,
              updated_at = now()
        WHERE id = $1`,
      [id],
    );
    return { storageKeys: files.map((f) => f.storage_key) };
  },

  /** The active assignee of a case who is not excluded from it, to tell about new activity; or null. */
  async assigneeToNotify(
    tx: Db,
    complaintId: number,
  ): Promise<{ email: string; case_number: string; organization_id: string } | null> {
    const [target] = await tx.query<{
      email: string;
      case_number: string;
      organization_id: string;
    }>(
      `SELECT u.email, c.case_number, c.organization_id
         FROM complaints c JOIN staff_users u ON u.id = c.assignee_id AND u.active
        WHERE c.id = $1
          AND NOT EXISTS (SELECT 1 FROM case_exclusions e WHERE e.complaint_id = c.id AND e.user_id = u.id)`,
      [complaintId],
    );
    return target ?? null;
  },

  async findByTicket(db: Db, ticket: number): Promise<ComplaintRow | null> {
    const rows = await db.query<ComplaintRow>(
      `SELECT ${COLUMNS} FROM complaints WHERE ticket = $1`,
      [ticket],
    );
    return rows[0] ?? null;
  },

  async findById(db: Db, id: number): Promise<ComplaintRow | null> {
    const rows = await db.query<ComplaintRow>(`SELECT ${COLUMNS} FROM complaints WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  },

  async findByEmailIndex(db: Db, organizationId: string, emailIndex: string) {
    return db.query<{ ticket: number; created_at: Date }>(
      'SELECT ticket, created_at FROM complaints WHERE organization_id = $1 AND email_index = $2 ORDER BY created_at',
      [organizationId, emailIndex],
    );
  },

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
         next_due_date)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,true,
         $24,$25,$26,$27)
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
      ],
    );
    return { id: row!.id, createdAt: row!.created_at };
  },

  /** Complaints after `afterId` not yet given their search indexes (search-index.ts). */
  async pendingSearchIndex(db: Db, afterId: number, limit: number) {
    return db.query<{
      id: number;
      is_anonymous: boolean;
      data_key: string;
      complainant_enc: string | null;
      contact_email_enc: string | null;
    }>(
      `SELECT id, is_anonymous, data_key, complainant_enc, contact_email_enc FROM complaints
        WHERE NOT search_indexed AND id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  },

  /** Stores a complaint's search indexes if it is still pending; true when it was. */
  async setSearchIndexes(db: Db, id: number, s: SearchIndexes): Promise<boolean> {
    const rows = await db.query(
      `UPDATE complaints SET rut_search = $2, email_search = $3, search_indexed = true
        WHERE id = $1 AND NOT search_indexed RETURNING id`,
      [id, s.rut_search, s.email_search],
    );
    return rows.length > 0;
  },

  /** The next legal due date the inbox sorts by (computed by the deadlines code). */
  async setNextDueDate(tx: Db, complaintId: number, due: string | null): Promise<void> {
    await tx.query('UPDATE complaints SET next_due_date = $2 WHERE id = $1', [complaintId, due]);
  },

  async addLog(
    tx: Db,
    entry: {
      complaintId: number;
      event: string;
      commentEnc: string | null;
      author: string;
      visible: boolean;
    },
  ): Promise<number> {
    // One round trip: the entry and the case's updated_at (both statements always run).
    const [row] = await tx.query<{ id: number }>(
      `WITH entry AS (
         INSERT INTO complaint_log (complaint_id, event, comment_enc, author, visible)
         VALUES ($1, $2, $3, $4, $5) RETURNING id),
       touched AS (UPDATE complaints SET updated_at = now() WHERE id = $1)
       SELECT id FROM entry`,
      [entry.complaintId, entry.event, entry.commentEnc, entry.author, entry.visible],
    );
    return row!.id;
  },

  /** The complainant's last message and when staff first read it (null: not yet), or null. */
  async lastComplainantMessage(
    db: Db,
    complaintId: number,
  ): Promise<{ id: number; read_by_staff_at: Date | null } | null> {
    const [row] = await db.query<{ id: number; read_by_staff_at: Date | null }>(
      `SELECT id, read_by_staff_at FROM complaint_log WHERE id = (${LAST_MESSAGE})`,
      [complaintId],
    );
    return row ?? null;
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

  async visibleLog(db: Db, complaintId: number): Promise<LogRow[]> {
    return db.query<LogRow>(
      `SELECT id, event, comment_enc, author, visible, created_at FROM complaint_log
        WHERE complaint_id = $1 AND visible ORDER BY created_at, id`,
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

  async files(db: Db, complaintId: number): Promise<FileRow[]> {
    return db.query<FileRow>(
      `SELECT f.id, f.complaint_id, f.storage_key, f.name_enc, f.extension, f.mimetype, f.size_bytes,
              f.created_at, ${FROM_TEAM}
         FROM complaint_files f WHERE f.complaint_id = $1 ORDER BY f.created_at, f.seq`,
      [complaintId],
    );
  },

  async fileById(db: Db, fileId: string): Promise<(FileRow & { data_key: string }) | null> {
    const rows = await db.query<FileRow & { data_key: string }>(
      `SELECT f.id, f.complaint_id, f.storage_key, f.name_enc, f.extension, f.mimetype, f.size_bytes, f.created_at,
              c.data_key, ${FROM_TEAM}
         FROM complaint_files f JOIN complaints c ON c.id = f.complaint_id WHERE f.id = $1`,
      [fileId],
    );
    return rows[0] ?? null;
  },

  /**
   * Locks the complaint's row until the transaction ends, for the file quota: uploads to one case
   * take turns between counting its files and recording theirs. `FOR NO KEY UPDATE` waits only for
   * another such lock (or an update of the row), not for rows that merely reference the complaint.
   */
  async lockForFiles(tx: Db, complaintId: number): Promise<void> {
    await tx.query('SELECT 1 FROM complaints WHERE id = $1 FOR NO KEY UPDATE', [complaintId]);
  },

  async fileQuota(db: Db, complaintId: number): Promise<{ count: number; bytes: number }> {
    const [row] = await db.query<{ count: number; bytes: number }>(
      'SELECT count(*)::int AS count, coalesce(sum(size_bytes), 0)::bigint AS bytes FROM complaint_files WHERE complaint_id = $1',
      [complaintId],
    );
    return row ?? { count: 0, bytes: 0 };
  },

  async setPassword(tx: Db, complaintId: number, passwordHash: string): Promise<void> {
    await tx.query('UPDATE complaints SET password_hash = $2, updated_at = now() WHERE id = $1', [
      complaintId,
      passwordHash,
    ]);
  },

  async setStatus(tx: Db, complaintId: number, status: string): Promise<void> {
    await tx.query('UPDATE complaints SET status = $2, updated_at = now() WHERE id = $1', [
      complaintId,
      status,
    ]);
  },
};
