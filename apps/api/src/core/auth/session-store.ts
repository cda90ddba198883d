import type { Db } from '../../db/database';

/** How a staff session was opened. */
export type StaffSignInMethod = 'password' | 'oidc' | 'passkey';

/**
 * What a new staff session records: its device and method, and for SSO the provider to re-check
 * and the demotion its sign-in refused and audited (decision 0077), if any.
 */
export interface StaffSessionOpening {
  device: string;
  method: StaffSignInMethod;
  oidc?: { provider: string; refreshEnc: string | null; refusedDemotion?: string | null };
}

export interface StaffSessionRow {
  id: number;
  token_hash: string;
  device: string;
  method: StaffSignInMethod;
  created_at: Date;
  last_seen_at: Date;
}

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

  async insertStaffSession(
    db: Db,
    tokenHash: string,
    userId: number,
    opened: StaffSessionOpening,
  ): Promise<void> {
    await db.query(
      `INSERT INTO staff_sessions
         (token_hash, user_id, device, method, oidc_provider, oidc_refresh_enc, oidc_checked_at,
          oidc_refused_demotion)
       VALUES ($1, $2, $3, $4, $5::text, $6, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END,
               $7)`,
      [
        tokenHash,
        userId,
        opened.device,
        opened.method,
        opened.oidc?.provider ?? null,
        opened.oidc?.refreshEnc ?? null,
        opened.oidc?.refusedDemotion ?? null,
      ],
    );
  },

  /** A person's live sessions, the most recently active first. */
  async listStaffSessions(
    db: Db,
    userId: number,
    idleMinutes: number,
    absoluteHours: number,
  ): Promise<StaffSessionRow[]> {
    return db.query<StaffSessionRow>(
      `SELECT id::int AS id, token_hash, device, method, created_at, last_seen_at FROM staff_sessions
        WHERE user_id = $1
          AND last_seen_at > now() - make_interval(mins => $2)
          AND created_at > now() - make_interval(hours => $3)
        ORDER BY last_seen_at DESC, id DESC`,
      [userId, idleMinutes, absoluteHours],
    );
  },

  async staffSessionIdOf(db: Db, tokenHash: string): Promise<number | null> {
    const rows = await db.query<{ id: number }>(
      'SELECT id::int AS id FROM staff_sessions WHERE token_hash = $1',
      [tokenHash],
    );
    return rows[0]?.id ?? null;
  },

  /** Ends one session of a person by its id; false when it is not theirs or already gone. */
  async deleteStaffSessionById(db: Db, userId: number, id: number): Promise<boolean> {
    const rows = await db.query(
      'DELETE FROM staff_sessions WHERE user_id = $1 AND id = $2 RETURNING id',
      [userId, id],
    );
    return rows.length > 0;
  },

  /** Ends every session of a person but the one kept (none: all); how many ended. */
  async deleteStaffSessionsExcept(
    db: Db,
    userId: number,
    keepTokenHash: string | null,
  ): Promise<number> {
    const rows = await db.query(
      'DELETE FROM staff_sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2 RETURNING id',
      [userId, keepTokenHash],
    );
    return rows.length;
  },

  /** Records a device of a person; true when it was not known before. */
  async rememberStaffDevice(db: Db, userId: number, deviceHash: string): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO staff_devices (user_id, device_hash) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, deviceHash],
    );
    return rows.length > 0;
  },

  /** The user of a live session, touching its idle clock; null when idle, too old or the user is inactive. */
  async touchStaffSession(
    db: Db,
    tokenHash: string,
    idleMinutes: number,
    absoluteHours: number,
  ): Promise<{ userId: number; method: StaffSignInMethod } | null> {
    const rows = await db.query<{ user_id: number; method: StaffSignInMethod }>(
      `UPDATE staff_sessions s SET last_seen_at = now()
         FROM staff_users u
        WHERE s.token_hash = $1 AND u.id = s.user_id AND u.active
          AND s.last_seen_at > now() - make_interval(mins => $2)
          AND s.created_at > now() - make_interval(hours => $3)
        RETURNING s.user_id, s.method`,
      [tokenHash, idleMinutes, absoluteHours],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, method: row.method } : null;
  },

  async deleteStaffSession(db: Db, tokenHash: string): Promise<void> {
    await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [tokenHash]);
  },

  async deleteStaffSessionsOf(db: Db, userId: number): Promise<void> {
    await db.query('DELETE FROM staff_sessions WHERE user_id = $1', [userId]);
  },
};
