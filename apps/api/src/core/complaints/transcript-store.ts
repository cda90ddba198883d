import type { TranscriptSource, TranscriptState } from '@canal/shared';
import type { Db } from '../../db/database';

/** One version of a complaint's transcript, with its author's name (decision 0064). */
export interface TranscriptRow {
  id: number;
  complaint_id: number;
  version: number;
  text_enc: string;
  source: TranscriptSource;
  file_id: string | null;
  author_name: string;
  created_at: Date;
  status: TranscriptState;
  answered_at: Date | null;
  corrections_enc: string | null;
}

/**
 * Persists `complaint_transcripts`: the versions staff write of an oral complaint and the
 * complainant's answer to each. Its rows go with the case's erasure (`eraseComplaints`).
 */
export const transcriptStore = {
  /** Every version of the complaint, newest first. */
  all(db: Db, complaintId: number): Promise<TranscriptRow[]> {
    return db.query<TranscriptRow>(
      `SELECT t.id, t.complaint_id, t.version, t.text_enc, t.source, t.file_id, u.name AS author_name,
              t.created_at, t.status, t.answered_at, t.corrections_enc
         FROM complaint_transcripts t JOIN staff_users u ON u.id = t.author_id
        WHERE t.complaint_id = $1
        ORDER BY t.version DESC`,
      [complaintId],
    );
  },

  /**
   * A new version, numbered after the last one, replacing the version that waited for review (in
   * the caller's transaction, under the complaint's row lock so two staff members issuing at once
   * get consecutive numbers). Answers its number.
   */
  async issue(
    tx: Db,
    t: {
      complaintId: number;
      textEnc: string;
      source: TranscriptSource;
      fileId: string | null;
      authorId: number;
    },
  ): Promise<number> {
    await tx.query('SELECT id FROM complaints WHERE id = $1 FOR UPDATE', [t.complaintId]);
    await tx.query(
      `UPDATE complaint_transcripts SET status = 'reemplazada'
        WHERE complaint_id = $1 AND status = 'pendiente'`,
      [t.complaintId],
    );
    const [row] = await tx.query<{ version: number }>(
      `INSERT INTO complaint_transcripts (complaint_id, version, text_enc, source, file_id, author_id)
       SELECT $1, coalesce(max(version), 0) + 1, $2, $3, $4, $5
         FROM complaint_transcripts WHERE complaint_id = $1
       RETURNING version`,
      [t.complaintId, t.textEnc, t.source, t.fileId, t.authorId],
    );
    return row!.version;
  },

  /** The complainant's answer to the version waiting; false when it no longer waits. */
  async answer(
    tx: Db,
    a: {
      complaintId: number;
      version: number;
      status: 'aceptada' | 'con_correcciones';
      correctionsEnc: string | null;
    },
  ): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE complaint_transcripts SET status = $3, corrections_enc = $4, answered_at = now()
        WHERE complaint_id = $1 AND version = $2 AND status = 'pendiente' RETURNING id`,
      [a.complaintId, a.version, a.status, a.correctionsEnc],
    );
    return rows.length > 0;
  },
};
