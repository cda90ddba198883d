import type { Db } from '../../db/database';

/** A case's tags (`case_tags`): free labels staff put on it, normalised by the contract's schema. */
export const caseTagsStore = {
  /** A case's tags, in alphabetical order. */
  async tags(db: Db, complaintId: number): Promise<string[]> {
    const rows = await db.query<{ tag: string }>(
      'SELECT tag FROM case_tags WHERE complaint_id = $1 ORDER BY tag',
      [complaintId],
    );
    return rows.map((r) => r.tag);
  },

  async add(tx: Db, complaintId: number, tags: string[], userId: number): Promise<void> {
    if (tags.length === 0) return;
    await tx.query(
      `INSERT INTO case_tags (complaint_id, tag, added_by)
       SELECT $1, t, $3 FROM unnest($2::text[]) AS t ON CONFLICT DO NOTHING`,
      [complaintId, tags, userId],
    );
  },

  async remove(tx: Db, complaintId: number, tags: string[]): Promise<void> {
    if (tags.length === 0) return;
    await tx.query('DELETE FROM case_tags WHERE complaint_id = $1 AND tag = ANY($2::text[])', [
      complaintId,
      tags,
    ]);
  },
};
