import type { Db } from '../../db/database';

/** Spent bot-check solutions, in the database so that a token cannot be replayed against another process. */
export const usedTokenStore = {
  /** Records a solution as spent for `seconds`; false when it already was. */
  async spendOnce(db: Db, id: string, seconds: number): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO bot_tokens_used (id, expires_at) VALUES ($1, now() + make_interval(secs => $2))
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [id, seconds],
    );
    return rows.length === 1;
  },
};
