import type { Db } from '../../db/database';

/** How long a challenge may wait for the authenticator's answer. */
export const CHALLENGE_MINUTES = 5;

export type ChallengePurpose = 'registro' | 'ingreso';

export interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = `id, user_id, credential_id, public_key, counter::float8 AS counter, transports, name,
  created_at, last_used_at`;

/** The passkey tables (decision 0076): passkeys, open challenges, the sign-in policy. */
export const passkeyStore = {
  async insertChallenge(
    db: Db,
    challenge: string,
    purpose: ChallengePurpose,
    userId: number | null,
  ): Promise<void> {
    await db.query(
      `DELETE FROM staff_webauthn_challenges WHERE created_at < now() - make_interval(mins => $1)`,
      [CHALLENGE_MINUTES],
    );
    await db.query(
      'INSERT INTO staff_webauthn_challenges (challenge, purpose, user_id) VALUES ($1, $2, $3)',
      [challenge, purpose, userId],
    );
  },

  /**
   * Takes an open challenge of this purpose (deleting it: an answer is checked once), if still
   * fresh; a registration's only for its person. Null otherwise.
   */
  async takeChallenge(
    db: Db,
    challenge: string,
    purpose: ChallengePurpose,
    userId: number | null,
  ): Promise<string | null> {
    const rows = await db.query<{ challenge: string; fresh: boolean }>(
      `DELETE FROM staff_webauthn_challenges
        WHERE challenge = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3
       RETURNING challenge, created_at > now() - make_interval(mins => $4) AS fresh`,
      [challenge, purpose, userId, CHALLENGE_MINUTES],
    );
    const row = rows[0];
    return row?.fresh ? row.challenge : null;
  },

  async insert(
    db: Db,
    p: {
      userId: number;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string[];
      name: string;
    },
  ): Promise<PasskeyRow | null> {
    const rows = await db.query<PasskeyRow>(
      `INSERT INTO staff_passkeys (user_id, credential_id, public_key, counter, transports, name)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING
       RETURNING ${COLUMNS}`,
      [p.userId, p.credentialId, p.publicKey, p.counter, p.transports, p.name],
    );
    return rows[0] ?? null;
  },

  async listOf(db: Db, userId: number): Promise<PasskeyRow[]> {
    return db.query<PasskeyRow>(
      `SELECT ${COLUMNS} FROM staff_passkeys WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
  },

  async byCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | null> {
    const rows = await db.query<PasskeyRow>(
      `SELECT ${COLUMNS} FROM staff_passkeys WHERE credential_id = $1`,
      [credentialId],
    );
    return rows[0] ?? null;
  },

  /**
   * Records a use with the authenticator's new counter, only if the counter the check was made
   * against is still the stored one (two answers of one authenticator at once: one wins).
   */
  async recordUse(db: Db, id: number, checkedCounter: number, newCounter: number) {
    const rows = await db.query(
      `UPDATE staff_passkeys SET counter = $3, last_used_at = now()
        WHERE id = $1 AND counter = $2 RETURNING id`,
      [id, checkedCounter, newCounter],
    );
    return rows.length > 0;
  },

  async remove(db: Db, userId: number, id: number): Promise<string | null> {
    const rows = await db.query<{ name: string }>(
      'DELETE FROM staff_passkeys WHERE id = $1 AND user_id = $2 RETURNING name',
      [id, userId],
    );
    return rows[0]?.name ?? null;
  },

  async removeAllOf(db: Db, userId: number): Promise<number> {
    const rows = await db.query('DELETE FROM staff_passkeys WHERE user_id = $1 RETURNING id', [
      userId,
    ]);
    return rows.length;
  },

  async countOf(db: Db, userId: number): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_passkeys WHERE user_id = $1',
      [userId],
    );
    return row?.n ?? 0;
  },

  async passkeysRequiredForAdministrators(db: Db): Promise<boolean> {
    const [row] = await db.query<{ required: boolean }>(
      'SELECT passkeys_required_for_administrators AS required FROM staff_security_policy',
    );
    return row?.required ?? false;
  },

  async setPasskeysRequiredForAdministrators(db: Db, required: boolean, actorId: number) {
    await db.query(
      `UPDATE staff_security_policy
          SET passkeys_required_for_administrators = $1, updated_at = now(), updated_by = $2`,
      [required, actorId],
    );
  },
};
