import type { Db } from '../../db/database';

export interface FailedMailRow {
  id: number;
  kind: string;
  organization_id: string;
  attempts: number;
  created_at: Date;
  /** When the last attempt failed (the give-up moment). */
  failed_at: Date;
}

/** Mail given up for good, and who to tell: SQL only. */
export const failedMailStore = {
  async byId(db: Db, id: number): Promise<FailedMailRow | null> {
    const [row] = await db.query<FailedMailRow>(
      `SELECT id, kind, organization_id, attempts, created_at, next_attempt_at AS failed_at
         FROM outbox WHERE id = $1 AND status = 'failed'`,
      [id],
    );
    return row ?? null;
  },

  /** Newest first; never the recipient, the payload or the error text (it may echo an address). */
  async list(db: Db, limit: number): Promise<{ rows: FailedMailRow[]; total: number }> {
    const rows = await db.query<FailedMailRow>(
      `SELECT id, kind, organization_id, attempts, created_at, next_attempt_at AS failed_at
         FROM outbox WHERE status = 'failed' ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    const [count] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM outbox WHERE status = 'failed'`,
    );
    return { rows, total: count?.total ?? 0 };
  },

  async administratorEmails(db: Db): Promise<string[]> {
    const rows = await db.query<{ email: string }>(
      `SELECT email FROM staff_users
        WHERE role = 'administrador' AND active AND activated_at IS NOT NULL ORDER BY id`,
    );
    return rows.map((r) => r.email);
  },
};
