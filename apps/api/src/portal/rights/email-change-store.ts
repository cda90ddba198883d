import type { Db } from '../../db/database';

/**
 * New contact addresses waiting for their confirmation link (migration 027): only the token's
 * digest, the address sealed under the complaint's key. SQL only.
 */
export const emailChangeStore = {
  /** A pending change valid `hours` from now; any earlier pending one of the complaint ends. */
  async insert(
    tx: Db,
    c: { tokenHash: string; complaintId: number; emailEnc: string; hours: number },
  ): Promise<void> {
    await tx.query(
      'UPDATE email_changes SET used_at = now() WHERE complaint_id = $1 AND used_at IS NULL',
      [c.complaintId],
    );
    await tx.query(
      `INSERT INTO email_changes (token_hash, complaint_id, email_enc, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
      [c.tokenHash, c.complaintId, c.emailEnc, c.hours],
    );
  },

  /** Marks a live, unused link used: its complaint and sealed address, or null. */
  async use(
    tx: Db,
    tokenHash: string,
  ): Promise<{ complaint_id: number; email_enc: string } | null> {
    const [row] = await tx.query<{ complaint_id: number; email_enc: string }>(
      `UPDATE email_changes SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING complaint_id, email_enc`,
      [tokenHash],
    );
    return row ?? null;
  },
};
