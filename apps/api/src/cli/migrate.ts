import { loadConfig } from '../config';
import { exitOnError } from './exit-on-error';
import { masterKeyring, openConfiguredDatabase, prepareDatabase } from '../runtime';

/**
 * `npm run migrate`: applies the pending migrations, seeds the master data and stores (or checks)
 * the encryption key check, then exits — the step a deploy pipeline runs before starting the new
 * version. Servers do the same at start, so running it is optional but makes failures visible early.
 */
async function main() {
  const config = loadConfig();
  const keyring = masterKeyring(config);
  const db = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(db, keyring);
  } finally {
    await db.close();
  }
  console.log('Base de datos al día: migraciones, datos maestros y verificación de clave.');
}

main().catch(exitOnError);
