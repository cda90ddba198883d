import type { ComplaintChannel } from '@canal/shared';
import type { Db } from '../../db/database';
import type { SearchIndexes } from './search-index';
import { AUTHOR_COMPLAINANT, COMPLAINANT_MESSAGE_EVENTS } from './complaint-log';

/** The complainant's last message of the case whose id is the SQL `complaintId` (a comment or an upload). */
export const lastMessageOf = (complaintId: string) => `SELECT id FROM complaint_log
  WHERE complaint_id = ${complaintId} AND visible AND staff_user_id IS NULL AND author = '${AUTHOR_COMPLAINANT}'
    AND event IN (${COMPLAINANT_MESSAGE_EVENTS.map((e) => `'${e}'`).join(', ')})
  ORDER BY created_at DESC, id DESC LIMIT 1`;

/** The complainant's last message of the case whose id is `$1`. */
export const LAST_MESSAGE = lastMessageOf('$1');

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
  /** The complainant's sign-in before the current one (migration 040), or null. */
  complainant_previous_visit_at: Date | null;
  /** The receipt signed at filing (JSON of a `SignedRecord`, migration 033); null before it. */
  receipt: string | null;
}

const COLUMNS = `id, ticket, organization_id, case_number, status, is_anonymous, category_id, type_id, zone_id,
  agency_id, relation_id, recognition_id, knowledge_id, to_char(occurrence_date, 'DD/MM/YYYY') AS occurrence_date,
  created_at, to_char(response_date, 'DD/MM/YYYY') AS response_date, data_key, description_enc, other_place_enc,
  complainant_enc, contact_email_enc, email_index, password_hash, channel, assignee_id,
  to_char(next_due_date, 'YYYY-MM-DD') AS next_due_date, closed_at, resolution_enc, priority,
  accused_enc, representation_enc, refer_to_dt, erased_at, complainant_previous_visit_at,
  receipt`;

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
  | 'complainant_previous_visit_at'
  | 'receipt'
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

/** A log row as staff read it: the complainant's row and the name of the person who wrote it. */
export interface StaffLogRow extends LogRow {
  staff_name: string | null;
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

/**
 * Reads of one complaint: its row, its log, its files. Reads only: every write to `complaints`,
 * `complaint_log` and `complaint_files` is `complaintStore`'s (complaint-store.ts).
 */
export const complaintsRepository = {
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

  /** A complaint by its case number within one organisation (the portal's activation page). */
  async findByCaseNumber(
    db: Db,
    organizationId: string,
    caseNumber: string,
  ): Promise<ComplaintRow | null> {
    const rows = await db.query<ComplaintRow>(
      `SELECT ${COLUMNS} FROM complaints WHERE organization_id = $1 AND case_number = $2`,
      [organizationId, caseNumber],
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

  /** Complaints after `afterId` not yet given their search indexes (search-index.ts). */
  async pendingSearchIndex(db: Db, afterId: number, limit: number) {
    return db.query<{
      id: number;
      is_anonymous: boolean;
      data_key: string;
      complainant_enc: string | null;
      contact_email_enc: string | null;
      accused_enc: string | null;
    }>(
      `SELECT id, is_anonymous, data_key, complainant_enc, contact_email_enc, accused_enc
         FROM complaints
        WHERE NOT search_indexed AND id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
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

  /** The whole log as staff read it, with the name of the staff member who wrote each entry. */
  async staffLog(db: Db, complaintId: number): Promise<StaffLogRow[]> {
    return db.query<StaffLogRow>(
      `SELECT l.id, l.event, l.comment_enc, l.author, l.visible, l.created_at, u.name AS staff_name
         FROM complaint_log l LEFT JOIN staff_users u ON u.id = l.staff_user_id
        WHERE l.complaint_id = $1 ORDER BY l.created_at, l.id`,
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
};
