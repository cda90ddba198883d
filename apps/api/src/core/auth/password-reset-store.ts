import type { Db } from '../../db/database';

/**
 * Links that set a complainant's password (only their token digests): the portal's reset links and
 * the activation link of a complaint recorded by staff. SQL only.
 */
export const resetRepository = {
  /** A link valid `minutes` from now; the instant it expires. */
  async insert(tx: Db, tokenHash: string, complaintId: number, minutes: number): Promise<Date> {
    const [row] = await tx.query<{ expires_at: Date }>(
      `INSERT INTO password_resets (token_hash, complaint_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
      [tokenHash, complaintId, minutes],
    );
    return row!.expires_at;
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
