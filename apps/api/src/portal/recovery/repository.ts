import type { Db } from '../../db/database';

/** Password-reset links (only their token digests): SQL only. */
export const resetRepository = {
  async insert(tx: Db, tokenHash: string, complaintId: number, minutes: number): Promise<void> {
    await tx.query(
      `INSERT INTO password_resets (token_hash, complaint_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [tokenHash, complaintId, minutes],
    );
  },

  /** Marks a live, unused link used; the complaint it resets, or null. */
  async use(tx: Db, tokenHash: string): Promise<number | null> {
    const [reset] = await tx.query<{ complaint_id: number }>(
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING complaint_id`,
      [tokenHash],
    );
    return reset?.complaint_id ?? null;
  },

  async useAllOf(tx: Db, complaintId: number): Promise<void> {
    await tx.query(
      'UPDATE password_resets SET used_at = now() WHERE complaint_id = $1 AND used_at IS NULL',
      [complaintId],
    );
  },
};
