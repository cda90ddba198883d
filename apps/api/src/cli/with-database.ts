import { loadConfig, type Config } from '../config';
import type { Keyring } from '../crypto/keys';
import type { Db } from '../db/database';
import { masterKeyring, openConfiguredDatabase, prepareDatabase } from '../runtime';

/**
 * Runs a maintenance command on the configured database, migrated and with its keyring (the
 * current key, the previous ones and the stored root key); closes the database afterwards.
 */
export async function withDatabase(
  run: (db: Db, keyring: Keyring, config: Config) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  try {
    await run(db, await prepareDatabase(db, masterKeyring(config)), config);
  } finally {
    await db.close();
  }
}
