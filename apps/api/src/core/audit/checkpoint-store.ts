import type { Db } from '../../db/database';
import type { SignedCheckpoint } from './checkpoint';

interface CheckpointRow {
  tree_size: number | string;
  root_hash: Uint8Array;
  issued_at: Date;
  key_id: string;
  note: string;
}

const fromRow = (r: CheckpointRow, origin: string): SignedCheckpoint => ({
  origin,
  size: Number(r.tree_size),
  root: Buffer.from(r.root_hash),
  issuedAt: new Date(r.issued_at),
  keyId: r.key_id,
  text: r.note,
});

/** The signed checkpoints issued (table `audit_checkpoints`, migration 045). */
export const checkpointStore = {
  async insert(db: Db, c: SignedCheckpoint): Promise<void> {
    await db.query(
      `INSERT INTO audit_checkpoints (tree_size, root_hash, issued_at, key_id, note)
       VALUES ($1, $2, $3, $4, $5)`,
      [c.size, c.root, c.issuedAt, c.keyId, c.text],
    );
  },

  /** The newest checkpoint, or null before the first. */
  async latest(db: Db): Promise<SignedCheckpoint | null> {
    const [row] = await db.query<CheckpointRow>(
      `SELECT tree_size, root_hash, issued_at, key_id, note FROM audit_checkpoints
        ORDER BY id DESC LIMIT 1`,
    );
    return row ? fromRow(row, row.note.slice(0, row.note.indexOf('\n'))) : null;
  },

  /** The checkpoint of exactly `size` entries (the newest such), or null. */
  async ofSize(db: Db, size: number): Promise<SignedCheckpoint | null> {
    const [row] = await db.query<CheckpointRow>(
      `SELECT tree_size, root_hash, issued_at, key_id, note FROM audit_checkpoints
        WHERE tree_size = $1 ORDER BY id DESC LIMIT 1`,
      [size],
    );
    return row ? fromRow(row, row.note.slice(0, row.note.indexOf('\n'))) : null;
  },

  /**
   * The auditors who witness checkpoints: active staff with the auditor role, each with the
   * organisations they audit (none: every organisation).
   */
  async auditors(db: Db): Promise<{ email: string; organizations: string[] }[]> {
    const rows = await db.query<{ email: string; organizations: string[] | null }>(
      `SELECT u.email,
              array_remove(array_agg(so.organization_id::text ORDER BY so.organization_id::text), NULL) AS organizations
         FROM staff_users u
         LEFT JOIN staff_organizations so ON so.user_id = u.id
        WHERE u.role = 'auditor' AND u.active AND u.activated_at IS NOT NULL
        GROUP BY u.id, u.email ORDER BY u.id`,
    );
    return rows.map((r) => ({ email: r.email, organizations: r.organizations ?? [] }));
  },
};
