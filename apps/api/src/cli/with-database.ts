import { loadConfig, type Config } from '../config';
import type { Keyring } from '../crypto/keys';
import type { Db } from '../db/database';
import { ErasureKeyStore } from '../core/retention/erasure-key-store';
import { chileToday } from '../core/retention/retention';
import { masterKeyring, openConfiguredDatabase, prepareDatabase } from '../runtime';
import { createObjectStore } from '../storage';

/**
 * Runs a maintenance command on the configured database, migrated and with its keyring (the
 * current key, the previous ones, the stored root key and the erasure ratchet of the object
 * store, decision 0047); closes the database afterwards.
 */
export async function withDatabase(
  run: (db: Db, keyring: Keyring, config: Config) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  const objects = await createObjectStore(config);
  try {
    const keyring = await prepareDatabase(db, masterKeyring(config));
    const erasure = await ErasureKeyStore.open(db, objects, chileToday());
    await run(db, keyring.withErasureKeys(erasure.keys), config);
  } finally {
    await objects.close();
    await db.close();
  }
}
