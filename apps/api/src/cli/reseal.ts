import { loadConfig } from '../config';
import { resealFields } from '../core/maintenance/re-encrypt';
import { masterKeyring, openConfiguredDatabase, prepareDatabase } from '../runtime';
import { exitOnError } from './exit-on-error';

/**
 * `npm run reseal`: rewrites every sealed field still in version 1 (no additional data) as
 * version 2, bound to its complaint and field. Safe while servers run; run again after an
 * interruption (it picks up where it stopped).
 */
async function main() {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  try {
    const keyring = await prepareDatabase(db, masterKeyring(config));
    const n = await resealFields(db, keyring, (m) => console.log(m));
    console.log(`Campos resellados (v1 → v2): ${n}.`);
  } finally {
    await db.close();
  }
}

main().catch(exitOnError);
