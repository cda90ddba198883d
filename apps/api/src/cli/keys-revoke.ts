import { loadConfig } from '../config';
import { revokeSigningKey } from '../core/proof/revoke-key';
import { createServices } from '../runtime';
import { exitOnError } from './exit-on-error';

/**
 * `npm run keys:revoke -- <key id>`: revokes a signing key that leaked (decision 0050; the ids are
 * those of `GET /v1/claves-publicas`). Refuses the key in use: rotate `SIGNING_KEY` first. With
 * the embedded database, stop the server first.
 */
async function main() {
  const keyId = process.argv[2];
  if (!keyId) {
    process.stderr.write('Indique el identificador de la clave: npm run keys:revoke -- <id>\n');
    process.exit(2);
  }
  const services = await createServices(loadConfig(), { warn: (m) => console.error(m) });
  try {
    const result = await revokeSigningKey(services, keyId);
    (result.revoked ? process.stdout : process.stderr).write(`${result.message}\n`);
    process.exitCode = result.revoked ? 0 : 1;
  } finally {
    await services.db.close();
  }
}

main().catch(exitOnError);
