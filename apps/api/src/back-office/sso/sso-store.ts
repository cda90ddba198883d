import type { Db } from '../../db/database';

/** How long a sign-in started at a provider may take to come back. */
export const SSO_LOGIN_MINUTES = 10;

export interface PendingLogin {
  provider: string;
  state: string;
  nonce: string;
  code_verifier_enc: string;
}

/** An SSO session whose re-check this instance claimed. */
export interface DueRecheck {
  user_id: number;
  provider: string;
  refresh_enc: string | null;
  /** What its sign-in or last re-check refused and audited: `applyAccess`'s answer. */
  refused_demotion: string | null;
}

/** The SSO tables: sign-ins in progress, bound identities, an SSO session's re-check. */
export const ssoStore = {
  async insertLogin(db: Db, keyHash: string, login: PendingLogin): Promise<void> {
    await db.query(
      `INSERT INTO staff_oidc_logins (key_hash, provider, state, nonce, code_verifier_enc)
       VALUES ($1, $2, $3, $4, $5)`,
      [keyHash, login.provider, login.state, login.nonce, login.code_verifier_enc],
    );
  },

  /** Takes a sign-in in progress (deleting it: a callback is used once), if still fresh. */
  async takeLogin(db: Db, keyHash: string): Promise<PendingLogin | null> {
    const rows = await db.query<PendingLogin & { fresh: boolean }>(
      `DELETE FROM staff_oidc_logins WHERE key_hash = $1
       RETURNING provider, state, nonce, code_verifier_enc,
                 created_at > now() - make_interval(mins => $2) AS fresh`,
      [keyHash, SSO_LOGIN_MINUTES],
    );
    const row = rows[0];
    return row?.fresh ? row : null;
  },

  async sweepLogins(db: Db): Promise<void> {
    await db.query(
      'DELETE FROM staff_oidc_logins WHERE created_at < now() - make_interval(mins => $1)',
      [SSO_LOGIN_MINUTES],
    );
  },

  async userOfIdentity(db: Db, provider: string, subject: string): Promise<number | null> {
    const rows = await db.query<{ user_id: number }>(
      'SELECT user_id FROM staff_identities WHERE provider = $1 AND subject = $2',
      [provider, subject],
    );
    return rows[0]?.user_id ?? null;
  },

  /** Binds a subject to an account that has no identity at that provider yet; false otherwise. */
  async bindIdentity(db: Db, provider: string, subject: string, userId: number): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO staff_identities (provider, subject, user_id)
       SELECT $1, $2, $3 WHERE NOT EXISTS
         (SELECT 1 FROM staff_identities WHERE provider = $1 AND user_id = $3)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [provider, subject, userId],
    );
    return rows.length > 0;
  },

  /** An account signing in by SSO counts as activated (no password or code of its own). */
  async markActivated(db: Db, userId: number): Promise<void> {
    await db.query(
      'UPDATE staff_users SET activated_at = coalesce(activated_at, now()) WHERE id = $1',
      [userId],
    );
  },

  /**
   * Claims the re-check of an SSO session whose last one is older than `minutes`: one instance
   * wins (the others go on with what they know); null when none is due.
   */
  async claimRecheck(db: Db, tokenHash: string, minutes: number): Promise<DueRecheck | null> {
    const rows = await db.query<DueRecheck>(
      `UPDATE staff_sessions SET oidc_checked_at = now()
        WHERE token_hash = $1 AND oidc_provider IS NOT NULL
          AND oidc_checked_at < now() - make_interval(mins => $2)
        RETURNING user_id, oidc_provider AS provider, oidc_refresh_enc AS refresh_enc,
                  oidc_refused_demotion AS refused_demotion`,
      [tokenHash, minutes],
    );
    return rows[0] ?? null;
  },

  /** The demotion the session's last check refused and audited (null: none; decision 0077). */
  async setRefusedDemotion(db: Db, tokenHash: string, refused: string | null): Promise<void> {
    await db.query('UPDATE staff_sessions SET oidc_refused_demotion = $2 WHERE token_hash = $1', [
      tokenHash,
      refused,
    ]);
  },

  async setRefreshToken(db: Db, tokenHash: string, refreshEnc: string): Promise<void> {
    await db.query('UPDATE staff_sessions SET oidc_refresh_enc = $2 WHERE token_hash = $1', [
      tokenHash,
      refreshEnc,
    ]);
  },
};
