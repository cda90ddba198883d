import type { Db } from '../db/database';
import { COMPLAINT_SEALED, type ComplaintSealedColumn } from '../core/complaints/complaint-store';

/** Values with a master seal (key-id prefixed `k2:<id>:` once re-wrapped), by table and key column. */
export const MASTER_SEALED = [
  { table: 'staff_users', id: 'id', column: 'totp_secret_enc' },
  { table: 'staff_invitations', id: 'token_hash', column: 'totp_secret_enc' },
  { table: 'outbox', id: 'id', column: 'payload_enc' },
  { table: 'mailbox', id: 'id', column: 'message_enc' },
  // The requests register (Law 21.719): who asked, what, and the answer.
  { table: 'data_requests', id: 'id', column: 'person_enc' },
  { table: 'data_requests', id: 'id', column: 'detail_enc' },
  { table: 'data_requests', id: 'id', column: 'extension_reason_enc' },
  { table: 'data_requests', id: 'id', column: 'decision_reason_enc' },
  { table: 'data_requests', id: 'id', column: 'answer_enc' },
  // Single sign-on: a sign-in's PKCE verifier (minutes) and a session's refresh token (hours).
  { table: 'staff_oidc_logins', id: 'key_hash', column: 'code_verifier_enc' },
  { table: 'staff_sessions', id: 'token_hash', column: 'oidc_refresh_enc' },
  // A provider's client secret, configured in the back office (decision 0077).
  { table: 'sso_providers', id: 'id', column: 'client_secret_enc' },
] as const;
export type MasterSealed = (typeof MASTER_SEALED)[number];

const columns = Object.keys(COMPLAINT_SEALED) as ComplaintSealedColumn[];
/** A version-1 sealed field: not null and without the `v2:` prefix. */
const isV1 = (column: string) => `(${column} IS NOT NULL AND ${column} NOT LIKE 'v2:%')`;

export type ComplaintSealedRow = { id: number; data_key: string } & Record<
  ComplaintSealedColumn,
  string | null
>;

/**
 * The SQL of the re-encryption commands: batches by id, and compare-and-set updates of the values
 * sealed under the master key. A complaint's own values (its row, log and files) are rewritten
 * through `complaintStore`, their one writer.
 */
export const reEncryptStore = {
  /** Complaints after `afterId` holding any version-1 field (theirs, their log's or files'). */
  complaintsWithV1(db: Db, afterId: number, limit: number): Promise<ComplaintSealedRow[]> {
    return db.query<ComplaintSealedRow>(
      `SELECT c.id, c.data_key, ${columns.map((c) => `c.${c}`).join(', ')}
         FROM complaints c
        WHERE c.id > $1 AND (${columns.map((c) => isV1(`c.${c}`)).join(' OR ')}
              OR EXISTS (SELECT 1 FROM complaint_log l WHERE l.complaint_id = c.id AND ${isV1('l.comment_enc')})
              OR EXISTS (SELECT 1 FROM complaint_files f WHERE f.complaint_id = c.id AND ${isV1('f.name_enc')}))
        ORDER BY c.id LIMIT $2`,
      [afterId, limit],
    );
  },

  v1LogComments(db: Db, complaintId: number) {
    return db.query<{ id: string; value: string }>(
      `SELECT id::text AS id, comment_enc AS value FROM complaint_log
        WHERE complaint_id = $1 AND ${isV1('comment_enc')}`,
      [complaintId],
    );
  },

  v1FileNames(db: Db, complaintId: number) {
    return db.query<{ id: string; value: string }>(
      `SELECT id::text AS id, name_enc AS value FROM complaint_files
        WHERE complaint_id = $1 AND ${isV1('name_enc')}`,
      [complaintId],
    );
  },

  /** Data keys after `afterId` not wrapped by the master key `keyId` (sealed until an erasure
   * day or not; an erased case has none). */
  dataKeysNotUnder(db: Db, keyId: string, afterId: number, limit: number) {
    return db.query<{ id: number; data_key: string }>(
      `SELECT id, data_key FROM complaints
        WHERE id > $1 AND data_key NOT LIKE $2 AND data_key NOT LIKE $3 ORDER BY id LIMIT $4`,
      [afterId, `k2:${keyId}:%`, `e1:____-__-__:k2:${keyId}:%`, limit],
    );
  },

  /** Master-sealed values of one table not sealed under `keyId`, after `afterId` (text order). */
  masterSealedNotUnder(db: Db, t: MasterSealed, keyId: string, afterId: string, limit: number) {
    return db.query<{ id: string; value: string }>(
      `SELECT ${t.id}::text AS id, ${t.column} AS value FROM ${t.table}
        WHERE ${t.column} IS NOT NULL AND ${t.column} NOT LIKE $1 AND ${t.id}::text > $2
        ORDER BY ${t.id}::text LIMIT $3`,
      [`k2:${keyId}:%`, afterId, limit],
    );
  },

  async setMasterSealed(db: Db, t: MasterSealed, id: string, old: string, value: string) {
    await db.query(
      `UPDATE ${t.table} SET ${t.column} = $1 WHERE ${t.id}::text = $2 AND ${t.column} = $3`,
      [value, id, old],
    );
  },

  async root(db: Db): Promise<string | null> {
    const [row] = await db.query<{ wrapped: string }>('SELECT wrapped FROM key_root WHERE id = 1');
    return row?.wrapped ?? null;
  },

  async setRoot(db: Db, old: string, value: string): Promise<void> {
    await db.query('UPDATE key_root SET wrapped = $1 WHERE id = 1 AND wrapped = $2', [value, old]);
  },

  /** Stored files after `afterId` (text order of the uuid), with their complaint's data key. */
  files(db: Db, afterId: string, limit: number) {
    return db.query<{ id: string; storage_key: string; size_bytes: string; data_key: string }>(
      `SELECT f.id::text AS id, f.storage_key, f.size_bytes::text AS size_bytes, c.data_key
         FROM complaint_files f JOIN complaints c ON c.id = f.complaint_id
        WHERE f.id::text > $1 ORDER BY f.id::text LIMIT $2`,
      [afterId, limit],
    );
  },
};
