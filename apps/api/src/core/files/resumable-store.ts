import type { Db } from '../../db/database';

/** A row of `resumable_uploads` (migration 035). */
export interface ResumableRow {
  id: string;
  /** The complaint it is for, or null: a pending filing's (migration 053). */
  complaint_id: number | null;
  /** The pending filing it is for (its files before the complaint exists), or null. */
  pending_filing_id: string | null;
  /** The staff member whose reply the upload is for; null: the complainant's (migration 049). */
  staff_user_id: number | null;
  file_name: string;
  extension: string;
  size: number;
  header: Buffer;
  stored: number;
  parts: string[];
  storage_key: string | null;
  writing_until: Date | null;
  created_at: Date;
  expires_at: Date;
}

/** The table of uploads in progress, shared by every instance. */
export const resumableStore = {
  async add(
    db: Db,
    row: Pick<
      ResumableRow,
      | 'id'
      | 'complaint_id'
      | 'pending_filing_id'
      | 'staff_user_id'
      | 'file_name'
      | 'extension'
      | 'size'
      | 'header'
    >,
    lifetimeMs: number,
  ): Promise<ResumableRow> {
    const [created] = await db.query<ResumableRow>(
      `INSERT INTO resumable_uploads (id, complaint_id, pending_filing_id, staff_user_id,
         file_name, extension, size, header, expires_at)
       VALUES ($1, $2, $9, $3, $4, $5, $6, $7, now() + make_interval(secs => $8::float8 / 1000))
       RETURNING *`,
      [
        row.id,
        row.complaint_id,
        row.staff_user_id,
        row.file_name,
        row.extension,
        row.size,
        row.header,
        lifetimeMs,
        row.pending_filing_id,
      ],
    );
    return normalize(created!);
  },

  async get(db: Db, id: string): Promise<ResumableRow | null> {
    const [row] = await db.query<ResumableRow>(
      'SELECT * FROM resumable_uploads WHERE id = $1 AND expires_at > now()',
      [id],
    );
    return row ? normalize(row) : null;
  },

  /**
   * Records one PATCH's sealed bytes: `stored` moves from `from` to `to` and `part` joins the
   * list, only if no other write moved it meanwhile (two instances, one upload): false then.
   */
  async advance(db: Db, id: string, from: number, to: number, part: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE resumable_uploads SET stored = $3, parts = parts || $4::text
        WHERE id = $1 AND stored = $2 AND storage_key IS NULL RETURNING 1`,
      [id, from, to, part],
    );
    return rows.length === 1;
  },

  /** Holds the upload for one PATCH for `ms` (false when another write holds it). */
  async hold(db: Db, id: string, ms: number): Promise<boolean> {
    const rows = await db.query(
      `UPDATE resumable_uploads SET writing_until = now() + make_interval(secs => $2::float8 / 1000)
        WHERE id = $1 AND (writing_until IS NULL OR writing_until <= now()) RETURNING 1`,
      [id, ms],
    );
    return rows.length === 1;
  },

  /** Extends the hold of a PATCH still running. */
  async renew(db: Db, id: string, ms: number): Promise<void> {
    await db.query(
      `UPDATE resumable_uploads SET writing_until = now() + make_interval(secs => $2::float8 / 1000)
        WHERE id = $1`,
      [id, ms],
    );
  },

  async letGo(db: Db, id: string): Promise<void> {
    await db.query('UPDATE resumable_uploads SET writing_until = NULL WHERE id = $1', [id]);
  },

  /** Whether a PATCH holds the upload now. */
  async held(db: Db, id: string): Promise<boolean> {
    const [row] = await db.query<{ held: boolean }>(
      'SELECT coalesce(writing_until > now(), false) AS held FROM resumable_uploads WHERE id = $1',
      [id],
    );
    return row?.held ?? false;
  },

  /** The upload is whole: its parts were joined into `storageKey` (a staged object). */
  async finish(db: Db, id: string, storageKey: string): Promise<void> {
    await db.query(`UPDATE resumable_uploads SET storage_key = $2, parts = '{}' WHERE id = $1`, [
      id,
      storageKey,
    ]);
  },

  async remove(db: Db, id: string): Promise<void> {
    await db.query('DELETE FROM resumable_uploads WHERE id = $1', [id]);
  },

  /** Whether a complaint's file is stored under `storageKey` (a finished upload was attached). */
  async isAttached(db: Db, storageKey: string): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM complaint_files WHERE storage_key = $1', [
      storageKey,
    ]);
    return rows.length > 0;
  },

  /**
   * Takes the rows of pending filing `id` in the filing's transaction (its uploads become the
   * complaint's files): deleted, returned.
   */
  async takePending(db: Db, id: string): Promise<ResumableRow[]> {
    const rows = await db.query<ResumableRow>(
      'DELETE FROM resumable_uploads WHERE pending_filing_id = $1 RETURNING *',
      [id],
    );
    return rows.map(normalize);
  },

  /**
   * Claims (deletes) up to `limit` expired rows, and every row of an expired pending filing
   * (migration 053); their objects are the caller's to delete.
   */
  async claimExpired(db: Db, limit: number, all = false): Promise<ResumableRow[]> {
    const rows = await db.query<ResumableRow>(
      `DELETE FROM resumable_uploads WHERE id IN (
         SELECT id FROM resumable_uploads WHERE $2 OR expires_at <= now()
             OR pending_filing_id IN (SELECT id FROM pending_filings WHERE expires_at <= now())
          ORDER BY expires_at LIMIT $1)
       RETURNING *`,
      [limit, all],
    );
    return rows.map(normalize);
  },
};

/** bigint columns arrive as strings from `pg`. */
function normalize(row: ResumableRow): ResumableRow {
  return {
    ...row,
    complaint_id: row.complaint_id === null ? null : Number(row.complaint_id),
    staff_user_id: row.staff_user_id === null ? null : Number(row.staff_user_id),
    size: Number(row.size),
    stored: Number(row.stored),
    header: Buffer.from(row.header),
  };
}
