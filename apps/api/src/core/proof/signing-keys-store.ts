import type { PublicKeyWire } from '@canal/shared/proof';
import { createPublicKey } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Signer } from '../../crypto/signing';

interface KeyRow {
  key_id: string;
  public_key: string;
  valid_from: Date;
  valid_until: Date | null;
  revoked_at: Date | null;
}

const pemOf = (raw: string) =>
  createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw, 'base64').toString('base64url') },
    format: 'jwk',
  })
    .export({ format: 'pem', type: 'spki' })
    .toString();

/** The public keys documents were signed with (table `signing_keys`, decision 0050). */
export const signingKeysStore = {
  /**
   * Publishes this instance's key. A key seen for the first time becomes the current one: the keys
   * before it get their end of validity (they stay published). Instances that share the key find
   * it there already and change nothing.
   */
  async register(db: Db, signer: Signer): Promise<void> {
    await db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO signing_keys (key_id, public_key) VALUES ($1, $2)
         ON CONFLICT (key_id) DO NOTHING RETURNING key_id`,
        [signer.keyId, signer.publicKey.toString('base64')],
      );
      if (inserted.length === 0) return;
      await tx.query(
        'UPDATE signing_keys SET valid_until = now() WHERE valid_until IS NULL AND key_id <> $1',
        [signer.keyId],
      );
    });
  },

  async list(db: Db): Promise<PublicKeyWire[]> {
    const rows = await db.query<KeyRow>(
      'SELECT key_id, public_key, valid_from, valid_until, revoked_at FROM signing_keys ORDER BY valid_from, key_id',
    );
    return rows.map((r) => ({
      id: r.key_id,
      algoritmo: 'Ed25519' as const,
      clave: r.public_key,
      pem: pemOf(r.public_key),
      valida_desde: new Date(r.valid_from).toISOString(),
      valida_hasta: r.valid_until === null ? null : new Date(r.valid_until).toISOString(),
      revocada_en: r.revoked_at === null ? null : new Date(r.revoked_at).toISOString(),
    }));
  },

  /** Revokes a key (a key that leaked): what it signed is no longer taken as authentic. */
  async revoke(db: Db, keyId: string): Promise<boolean> {
    const rows = await db.query(
      'UPDATE signing_keys SET revoked_at = now() WHERE key_id = $1 AND revoked_at IS NULL RETURNING key_id',
      [keyId],
    );
    return rows.length > 0;
  },
};
