import type { Db } from '../../db/database';

/** What a typed activation code matched: a live activation, or one used, replaced or expired. */
export type CodeMatch = 'live' | 'spent' | null;

/**
 * Links that set a complainant's password (only their token digests): the portal's reset links and
 * the activation of a complaint recorded by staff, a link and its short code in one row (the code
 * as a keyed digest, decision 0075). SQL only.
 */
export const resetRepository = {
  /** A link (with its activation code's digest, if any) valid `minutes` from now; when it expires. */
  async insert(
    tx: Db,
    tokenHash: string,
    complaintId: number,
    minutes: number,
    codeDigest: string | null = null,
  ): Promise<Date> {
    const [row] = await tx.query<{ expires_at: Date }>(
      `INSERT INTO password_resets (token_hash, complaint_id, expires_at, code_digest)
       VALUES ($1, $2, now() + make_interval(mins => $3), $4) RETURNING expires_at`,
      [tokenHash, complaintId, minutes, codeDigest],
    );
    return row!.expires_at;
  },

  /** Whether a complaint's activation code digest is live, spent (used, replaced, expired) or unknown. */
  async matchCode(db: Db, complaintId: number, codeDigest: string): Promise<CodeMatch> {
    const rows = await db.query<{ live: boolean }>(
      `SELECT (used_at IS NULL AND expires_at > now()) AS live FROM password_resets
        WHERE complaint_id = $1 AND code_digest = $2`,
      [complaintId, codeDigest],
    );
    if (rows.length === 0) return null;
    return rows.some((r) => r.live) ? 'live' : 'spent';
  },

  /** Marks a live, unused activation code used (with its link); whether it was live. */
  async useCode(tx: Db, complaintId: number, codeDigest: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE password_resets SET used_at = now()
        WHERE complaint_id = $1 AND code_digest = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING 1`,
      [complaintId, codeDigest],
    );
    return rows.length > 0;
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
