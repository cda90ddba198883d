import type { Db } from '../../db/database';

/** Both sides' sessions live 30 minutes idle and 8 hours at most. */
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 8;

/** The session tables (complainant and staff): SQL only; tokens arrive as their digests. */
export const sessionStore = {
  async insertComplainantSession(db: Db, tokenHash: string, complaintId: number): Promise<void> {
    await db.query('INSERT INTO complainant_sessions (token_hash, complaint_id) VALUES ($1, $2)', [
      tokenHash,
      complaintId,
    ]);
  },

  /** The complaint of a live session (touching its idle clock), or null. */
  async touchComplainantSession(
    db: Db,
    tokenHash: string,
    idleMinutes: number,
    absoluteHours: number,
  ): Promise<number | null> {
    const rows = await db.query<{ complaint_id: number }>(
      `UPDATE complainant_sessions SET last_seen_at = now()
        WHERE token_hash = $1
          AND last_seen_at > now() - make_interval(mins => $2)
          AND created_at > now() - make_interval(hours => $3)
        RETURNING complaint_id`,
      [tokenHash, idleMinutes, absoluteHours],
    );
    return rows[0]?.complaint_id ?? null;
  },

  async deleteComplainantSession(db: Db, tokenHash: string): Promise<void> {
    await db.query('DELETE FROM complainant_sessions WHERE token_hash = $1', [tokenHash]);
  },

  async deleteComplainantSessionsOf(db: Db, complaintId: number): Promise<void> {
    await db.query('DELETE FROM complainant_sessions WHERE complaint_id = $1', [complaintId]);
  },

  async insertStaffSession(db: Db, tokenHash: string, userId: number): Promise<void> {
    await db.query('INSERT INTO staff_sessions (token_hash, user_id) VALUES ($1, $2)', [
      tokenHash,
      userId,
    ]);
  },

  /** The user of a live session, touching its idle clock; null when idle, too old or the user is inactive. */
  async touchStaffSession(
    db: Db,
    tokenHash: string,
    idleMinutes: number,
    absoluteHours: number,
  ): Promise<number | null> {
    const rows = await db.query<{ user_id: number }>(
      `UPDATE staff_sessions s SET last_seen_at = now()
         FROM staff_users u
        WHERE s.token_hash = $1 AND u.id = s.user_id AND u.active
          AND s.last_seen_at > now() - make_interval(mins => $2)
          AND s.created_at > now() - make_interval(hours => $3)
        RETURNING s.user_id`,
      [tokenHash, idleMinutes, absoluteHours],
    );
    return rows[0]?.user_id ?? null;
  },

  async deleteStaffSession(db: Db, tokenHash: string): Promise<void> {
    await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [tokenHash]);
  },

  async deleteStaffSessionsOf(db: Db, userId: number): Promise<void> {
    await db.query('DELETE FROM staff_sessions WHERE user_id = $1', [userId]);
  },
};
