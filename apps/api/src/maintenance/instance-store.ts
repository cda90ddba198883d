import type { Db } from '../db/database';

/** The `instances` table: each running API instance's heartbeat. */
export const instanceStore = {
  /** Records that `id` is alive now (its first beat inserts the row). */
  async beat(db: Db, id: string): Promise<void> {
    await db.query(
      `INSERT INTO instances (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
      [id],
    );
  },

  /** An instance stopping cleanly takes its row away. */
  async remove(db: Db, id: string): Promise<void> {
    await db.query('DELETE FROM instances WHERE id = $1', [id]);
  },

  /** Instances whose last beat is younger than `freshMs`, with its age in seconds. */
  live(db: Db, freshMs: number): Promise<{ id: string; seconds: number }[]> {
    return db.query<{ id: string; seconds: number }>(
      `SELECT id, floor(extract(epoch FROM now() - seen_at))::int AS seconds FROM instances
        WHERE seen_at > now() - make_interval(secs => $1::float8 / 1000) ORDER BY id`,
      [freshMs],
    );
  },
};
