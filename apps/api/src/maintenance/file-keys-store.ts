import type { Db } from '../db/database';

/** The storage keys of every committed file (`complaint_files`), for a backup of the objects. */
export const fileKeysStore = {
  async all(db: Db): Promise<string[]> {
    const rows = await db.query<{ storage_key: string }>(
      'SELECT storage_key FROM complaint_files ORDER BY storage_key',
    );
    return rows.map((r) => r.storage_key);
  },
};
