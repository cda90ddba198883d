import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import type { Keyring } from './keys';

/** The master key in use is not the one the database was first started with. */
export class KeyMismatchError extends Error {
  constructor() {
    super(
      'DATA_ENCRYPTION_KEY no coincide con la clave con que se inició esta base de datos: ' +
        'los datos cifrados no se podrían leer. Use la clave original (o la rote con el procedimiento de docs/operations.md).',
    );
    this.name = 'KeyMismatchError';
  }
}

const CONSTANT = 'canal-denuncias key check v1';

/** What the database keeps for `keyring`: reveals nothing about the key (an HMAC under a derived key). */
export const keyCheckValue = (keyring: Keyring) =>
  createHmac('sha256', keyring.derive('key-check')).update(CONSTANT).digest('base64url');

/**
 * Stores the key check on the first start and compares it on every later one; throws
 * KeyMismatchError when the key differs. Safe when several processes start together.
 */
export async function verifyKeyCheck(db: Db, keyring: Keyring): Promise<void> {
  const mine = keyCheckValue(keyring);
  await db.query('INSERT INTO key_check (id, value) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    mine,
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM key_check WHERE id = 1');
  const stored = Buffer.from(row?.value ?? '');
  const expected = Buffer.from(mine);
  if (stored.length !== expected.length || !timingSafeEqual(stored, expected))
    throw new KeyMismatchError();
}
