import type { Db } from '../../db/database';
import type { StaffRole } from './roles';

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret_enc: string | null;
  totp_last_step: number | null;
  active: boolean;
  activated_at: Date | null;
  created_at: Date;
  organization_ids: string[];
}

const USER_COLUMNS = `u.id, u.email, u.name, u.role, u.password_hash, u.totp_secret_enc, u.totp_last_step, u.active,
  u.activated_at, u.created_at,
  coalesce((SELECT array_agg(o.organization_id::text ORDER BY o.organization_id) FROM staff_organizations o
             WHERE o.user_id = u.id), '{}') AS organization_ids`;

export const staffRepository = {
  async findByEmail(db: Db, email: string): Promise<StaffRow | null> {
    const rows = await db.query<StaffRow>(
      `SELECT ${USER_COLUMNS} FROM staff_users u WHERE u.email = $1`,
      [email],
    );
    return rows[0] ?? null;
  },

  async findById(db: Db, id: number): Promise<StaffRow | null> {
    const rows = await db.query<StaffRow>(
      `SELECT ${USER_COLUMNS} FROM staff_users u WHERE u.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  },

  async list(db: Db): Promise<StaffRow[]> {
    return db.query<StaffRow>(
      `SELECT ${USER_COLUMNS} FROM staff_users u ORDER BY u.active DESC, u.name, u.id`,
    );
  },

  async insert(tx: Db, user: { email: string; name: string; role: StaffRole }): Promise<number> {
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO staff_users (email, name, role) VALUES ($1, $2, $3) RETURNING id',
      [user.email, user.name, user.role],
    );
    return row!.id;
  },

  async update(
    tx: Db,
    id: number,
    changes: { name?: string; role?: StaffRole; active?: boolean },
  ): Promise<void> {
    await tx.query(
      `UPDATE staff_users SET name = coalesce($2, name), role = coalesce($3, role), active = coalesce($4, active)
        WHERE id = $1`,
      [id, changes.name ?? null, changes.role ?? null, changes.active ?? null],
    );
  },

  async setOrganizations(tx: Db, userId: number, organizationIds: string[]): Promise<void> {
    await tx.query('DELETE FROM staff_organizations WHERE user_id = $1', [userId]);
    for (const org of organizationIds) {
      await tx.query('INSERT INTO staff_organizations (user_id, organization_id) VALUES ($1, $2)', [
        userId,
        org,
      ]);
    }
  },

  /** Locks the active administrators' rows until the transaction ends (demotions take turns). */
  async lockActiveAdministrators(tx: Db): Promise<void> {
    await tx.query(
      `SELECT id FROM staff_users WHERE role = 'administrador' AND active ORDER BY id FOR UPDATE`,
    );
  },

  async countActiveAdministrators(db: Db, exceptId?: number): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_users
        WHERE role = 'administrador' AND active AND password_hash IS NOT NULL AND id <> $1`,
      [exceptId ?? 0],
    );
    return row?.n ?? 0;
  },

  async setCredentials(
    tx: Db,
    id: number,
    passwordHash: string,
    totpSecretEnc: string,
    totpStep: number,
  ): Promise<void> {
    await tx.query(
      `UPDATE staff_users SET password_hash = $2, totp_secret_enc = $3, totp_last_step = $4,
              activated_at = coalesce(activated_at, now()) WHERE id = $1`,
      [id, passwordHash, totpSecretEnc, totpStep],
    );
  },

  /** Records a TOTP step as used, only if it is later than the last one (a concurrent replay loses). */
  async useTotpStep(db: Db, id: number, step: number): Promise<boolean> {
    const rows = await db.query(
      `UPDATE staff_users SET totp_last_step = $2
        WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [id, step],
    );
    return rows.length > 0;
  },

  // Invitations.

  async insertInvitation(
    tx: Db,
    i: { tokenHash: string; userId: number; totpSecretEnc: string; hours: number },
  ) {
    // A new invitation replaces any earlier one still open.
    await tx.query(
      'UPDATE staff_invitations SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
      [i.userId],
    );
    await tx.query(
      `INSERT INTO staff_invitations (token_hash, user_id, totp_secret_enc, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
      [i.tokenHash, i.userId, i.totpSecretEnc, i.hours],
    );
  },

  async openInvitation(db: Db, tokenHash: string) {
    const rows = await db.query<{ user_id: number; totp_secret_enc: string }>(
      `SELECT i.user_id, i.totp_secret_enc FROM staff_invitations i JOIN staff_users u ON u.id = i.user_id
        WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > now() AND u.active`,
      [tokenHash],
    );
    return rows[0] ?? null;
  },

  /** Marks the invitation used; false when someone else used it first. */
  async consumeInvitation(tx: Db, tokenHash: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE staff_invitations SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [tokenHash],
    );
    return rows.length > 0;
  },
};
