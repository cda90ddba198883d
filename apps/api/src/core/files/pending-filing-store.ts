import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';

/** How long a pending filing (and so its uploads) is kept: 24 hours, like any unattached upload. */
export const PENDING_FILING_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A row of `pending_filings` (migration 053). */
export interface PendingFilingRow {
  id: string;
  organization_id: string;
  token_digest: Buffer;
  /** The data key its uploads are sealed with, wrapped by the keyring (`k2:…`). */
  data_key: string;
  expires_at: Date;
}

/** The SHA-256 of a capability token: only the digest is stored. */
const digestOf = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** A capability token as the browser holds it: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Pending filings (decision 0074, "the filing form"): the data key a filing's files are sealed
 * with before the complaint exists, and the digest of the token that reaches them.
 */
export const pendingFilingStore = {
  /** Opens one for `organizationId` with the wrapped key; its id and token (shown once). */
  async open(
    db: Db,
    organizationId: string,
    wrappedKey: string,
  ): Promise<{ id: string; token: string; expiresAt: Date }> {
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const [row] = await db.query<{ expires_at: Date }>(
      `INSERT INTO pending_filings (id, organization_id, token_digest, data_key, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::float8 / 1000))
       RETURNING expires_at`,
      [id, organizationId, digestOf(token), wrappedKey, PENDING_FILING_LIFETIME_MS],
    );
    return { id, token, expiresAt: new Date(row!.expires_at) };
  },

  /** The live pending filing of `token` (header `x-borrador`), if it is `organizationId`'s. */
  async byToken(
    db: Db,
    organizationId: string,
    token: string | null,
  ): Promise<PendingFilingRow | null> {
    if (token === null || !TOKEN.test(token)) return null;
    const [row] = await db.query<PendingFilingRow>(
      `SELECT * FROM pending_filings
        WHERE token_digest = $1 AND organization_id = $2 AND expires_at > now()`,
      [digestOf(token), organizationId],
    );
    return row ? { ...row, token_digest: Buffer.from(row.token_digest) } : null;
  },

  /** The wrapped key of pending filing `id` while it lives (the upload store's key lookup). */
  async keyOf(db: Db, id: string): Promise<string | null> {
    const [row] = await db.query<{ data_key: string }>(
      'SELECT data_key FROM pending_filings WHERE id = $1 AND expires_at > now()',
      [id],
    );
    return row?.data_key ?? null;
  },

  /**
   * Takes pending filing `id` for the complaint being filed, in its transaction: the row is
   * deleted, so its key is adopted once (of two filings naming it, only one deletes it). False
   * when it is gone: another filing took it, or it expired.
   */
  async adopt(db: Db, id: string): Promise<boolean> {
    const rows = await db.query(
      'DELETE FROM pending_filings WHERE id = $1 AND expires_at > now() RETURNING 1',
      [id],
    );
    return rows.length === 1;
  },

  /** Pending filings whose key is not wrapped by master key `keyId` (`keys:rewrap`). */
  keysNotUnder(db: Db, keyId: string) {
    return db.query<{ id: string; data_key: string }>(
      'SELECT id, data_key FROM pending_filings WHERE data_key NOT LIKE $1',
      [`k2:${keyId}:%`],
    );
  },

  async rewrap(db: Db, id: string, old: string, value: string): Promise<void> {
    await db.query('UPDATE pending_filings SET data_key = $1 WHERE id = $2 AND data_key = $3', [
      value,
      id,
      old,
    ]);
  },

  /** Deletes expired pending filings (their uploads' objects went first); how many. */
  async deleteExpired(db: Db, all = false): Promise<number> {
    const rows = await db.query(
      'DELETE FROM pending_filings WHERE $1 OR expires_at <= now() RETURNING 1',
      [all],
    );
    return rows.length;
  },

  /** How many uploads pending filing `id` has (at most `MAX_FILES_PER_REQUEST`). */
  async uploadCount(db: Db, id: string): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM resumable_uploads WHERE pending_filing_id = $1',
      [id],
    );
    return Number(row?.n ?? 0);
  },
};
