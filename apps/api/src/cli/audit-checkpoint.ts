import { loadConfig } from '../config';
import { issueCheckpoint } from '../core/audit/log-proof';
import { createServices } from '../runtime';
import { exitOnError } from './exit-on-error';

/**
 * `npm run audit:checkpoint`: signs a checkpoint of the audit log now (decision 0066), mails it to
 * the auditors through the outbox (a running server sends it) and prints it, to keep outside the
 * deployment. With the embedded database, stop the server first.
 */
async function main() {
  const services = await createServices(loadConfig(), { warn: (m) => console.error(m) });
  try {
    const checkpoint = await issueCheckpoint(services);
    process.stdout.write(checkpoint.text);
  } finally {
    await services.db.close();
  }
}

main().catch(exitOnError);
