import type { Db } from '../../db/database';

/** A person's saved views of the inbox (`saved_views`): filters and order under a name. */
export const savedViewsStore = {
  /** A person's saved views, by name. */
  async list(db: Db, userId: number) {
    return db.query<{ id: number; name: string; filters: unknown }>(
      'SELECT id::int AS id, name, filters FROM saved_views WHERE user_id = $1 ORDER BY name, id',
      [userId],
    );
  },

  /** Saves a view under its name, replacing that person's view of the same name. */
  async save(db: Db, userId: number, name: string, filters: object): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO saved_views (user_id, name, filters) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (user_id, name) DO UPDATE SET filters = EXCLUDED.filters
       RETURNING id::int AS id`,
      [userId, name, JSON.stringify(filters)],
    );
    return row!.id;
  },

  /** Deletes a view if it is that person's; true when it was. */
  async delete(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db.query(
      'DELETE FROM saved_views WHERE id = $1 AND user_id = $2 RETURNING id',
      [id, userId],
    );
    return rows.length > 0;
  },
};
