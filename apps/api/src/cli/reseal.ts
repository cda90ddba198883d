import { resealFields } from '../maintenance/re-encrypt';
import { exitOnError } from './exit-on-error';
import { withDatabase } from './with-database';

/**
 * `npm run reseal`: rewrites every sealed field still in version 1 (no additional data) as
 * version 2, bound to its complaint and field. Safe while servers run; run again after an
 * interruption (it picks up where it stopped).
 */
withDatabase(async (db, keyring) => {
  const n = await resealFields(db, keyring, (m) => console.log(m));
  console.log(`Campos resellados (v1 → v2): ${n}.`);
}).catch(exitOnError);
