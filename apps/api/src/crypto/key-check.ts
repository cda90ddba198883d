import { randomBytes, timingSafeEqual } from 'node:crypto';
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

/** What the database keeps for the current master key: reveals nothing about the key (an HMAC
 * under a key derived from it). */
export const keyCheckValue = (keyring: Keyring) => keyring.checkValues()[0]!;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Stores the key check on the first start and compares it on every later one; throws
 * KeyMismatchError unless it is the current key's or, during a rotation, a previous key's
 * (DATA_ENCRYPTION_KEY_PREVIOUS; `npm run keys:rewrap` moves it to the current key). Returns the
 * stored value. Safe when several processes start together.
 */
export async function verifyKeyCheck(db: Db, keyring: Keyring): Promise<string> {
  await db.query('INSERT INTO key_check (id, value) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    keyCheckValue(keyring),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM key_check WHERE id = 1');
  const stored = row?.value ?? '';
  if (!keyring.checkValues().some((value) => same(value, stored))) throw new KeyMismatchError();
  return stored;
}

/** After a re-wrap: the database now answers to the current key only. */
export async function storeKeyCheck(db: Db, keyring: Keyring): Promise<void> {
  await db.query('UPDATE key_check SET value = $1 WHERE id = 1', [keyCheckValue(keyring)]);
}

/**
 * The keyring with its root key (decision 0002): read from `key_root`, or stored there on the
 * first start after migration 008 — a random key for an empty database, else the master key the
 * database was started with (every purpose key was derived from it until then). Call after
 * `verifyKeyCheck`, with the value it returned.
 */
export async function withStoredRoot(db: Db, keyring: Keyring, check: string): Promise<Keyring> {
  const read = async () =>
    (await db.query<{ wrapped: string }>('SELECT wrapped FROM key_root WHERE id = 1'))[0]?.wrapped;
  let wrapped = await read();
  if (!wrapped) {
    const [used] = await db.query<{ used: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM complaints) OR EXISTS (SELECT 1 FROM audit_log)
          OR EXISTS (SELECT 1 FROM staff_users) OR EXISTS (SELECT 1 FROM outbox) AS used`,
    );
    const root = used?.used ? keyring.masterWithCheck(check) : randomBytes(32);
    if (!root) throw new KeyMismatchError();
    await db.query(
      'INSERT INTO key_root (id, wrapped) VALUES (1, $1) ON CONFLICT (id) DO NOTHING',
      [keyring.wrapKey(root)],
    );
    wrapped = await read();
  }
  return keyring.withRoot(keyring.unwrapDataKey(wrapped!));
}
