import { migrateFiles } from '../maintenance/re-encrypt';
import { createObjectStore } from '../storage';
import { exitOnError } from './exit-on-error';
import { withDatabase } from './with-database';

/**
 * `npm run files:migrate`: re-encrypts the stored files still in format v1 (one tag for the whole
 * file) as v2 (authenticated 64 KiB segments), in place, in the store the settings choose (local
 * folder or S3), checking each copy before it replaces the original. Idempotent.
 */
withDatabase(async (db, keyring, config) => {
  const store = await createObjectStore(config);
  try {
    const result = await migrateFiles(db, store, keyring, (m) => console.log(m));
    console.log(
      `Archivos migrados a v2: ${result.migrated} (${result.bytes} bytes); ya en v2: ${result.skipped}; con error: ${result.failed.length}.`,
    );
    if (result.failed.length > 0) process.exitCode = 1;
  } finally {
    await store.close();
  }
}).catch(exitOnError);
