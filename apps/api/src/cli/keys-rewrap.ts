import { rewrapKeys } from '../maintenance/re-encrypt';
import { exitOnError } from './exit-on-error';
import { withDatabase } from './with-database';

/**
 * `npm run keys:rewrap`: the second step of a key rotation (docs/operations.md). With the new key
 * in DATA_ENCRYPTION_KEY and the old one in DATA_ENCRYPTION_KEY_PREVIOUS, wraps every data key,
 * the root key and every master-sealed secret under the new key and stores its key check; after
 * it, DATA_ENCRYPTION_KEY_PREVIOUS can be removed. Safe while servers run; idempotent.
 */
withDatabase(async (db, keyring) => {
  const result = await rewrapKeys(db, keyring, (m) => console.log(m));
  console.log(
    `Clave ${keyring.keyId}: ${result.dataKeys} claves de datos y ${result.sealed} secretos re-envueltos` +
      `${result.root ? ', y la clave raíz' : ''}. Ya puede quitar DATA_ENCRYPTION_KEY_PREVIOUS.`,
  );
}).catch(exitOnError);
