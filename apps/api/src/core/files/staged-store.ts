import type { Db } from '../../db/database';

/** Rows of `staged_files`: objects written to the store that no complaint owns yet. */
export const stagedStore = {
  async add(db: Db, storageKey: string): Promise<void> {
    await db.query('INSERT INTO staged_files (storage_key) VALUES ($1)', [storageKey]);
  },

  /** Marks objects committed (in the caller's transaction): returns how many rows it removed. */
  async commit(tx: Db, storageKeys: string[]): Promise<number> {
    if (storageKeys.length === 0) return 0;
    const rows = await tx.query<{ storage_key: string }>(
      'DELETE FROM staged_files WHERE storage_key = ANY($1::text[]) RETURNING storage_key',
      [storageKeys],
    );
    return rows.length;
  },

  async remove(db: Db, storageKeys: string[]): Promise<void> {
    if (storageKeys.length === 0) return;
    await db.query('DELETE FROM staged_files WHERE storage_key = ANY($1::text[])', [storageKeys]);
  },

  /**
   * Claims up to `limit` rows staged more than `olderThanMs` ago by deleting them: whichever of the
   * sweep and a committing transaction deletes a row first owns it, so the sweep never takes a
   * committed file and a commit never keeps a swept one.
   */
  async claimStale(db: Db, olderThanMs: number, limit: number): Promise<string[]> {
    const rows = await db.query<{ storage_key: string }>(
      `DELETE FROM staged_files WHERE storage_key IN (
         SELECT storage_key FROM staged_files
          WHERE staged_at <= now() - make_interval(secs => $1::double precision)
          ORDER BY staged_at LIMIT $2)
       RETURNING storage_key`,
      [olderThanMs / 1000, limit],
    );
    return rows.map((r) => r.storage_key);
  },

  /** Gives claimed rows back (their objects could not be deleted: the next sweep retries). */
  async restore(db: Db, storageKeys: string[]): Promise<void> {
    if (storageKeys.length === 0) return;
    await db.query(
      `INSERT INTO staged_files (storage_key, staged_at)
       SELECT k, now() - interval '1 day' FROM unnest($1::text[]) AS k
       ON CONFLICT (storage_key) DO NOTHING`,
      [storageKeys],
    );
  },
};
