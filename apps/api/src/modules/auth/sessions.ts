import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 8;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Complainant sessions: 256 random bits handed out once; only their hash is stored. */
export class ComplainantSessions {
  constructor(private readonly db: Db) {}

  async open(complaintId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.query('INSERT INTO complainant_sessions (token_hash, complaint_id) VALUES ($1, $2)', [
      digest(token),
      complaintId,
    ]);
    return token;
  }

  /** The complaint a live token opens (and touches its idle clock), or null. */
  async resolve(token: string): Promise<number | null> {
    const rows = await this.db.query<{ complaint_id: number }>(
      `UPDATE complainant_sessions SET last_seen_at = now()
        WHERE token_hash = $1
          AND last_seen_at > now() - make_interval(mins => $2)
          AND created_at > now() - make_interval(hours => $3)
        RETURNING complaint_id`,
      [digest(token), SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS],
    );
    return rows[0]?.complaint_id ?? null;
  }

  async closeAll(db: Db, complaintId: number): Promise<void> {
    await db.query('DELETE FROM complainant_sessions WHERE complaint_id = $1', [complaintId]);
  }
}
