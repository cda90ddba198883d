import { loadConfig } from '../config';
import { exitOnError } from './exit-on-error';
import { createServices, sweep, sweepAll } from '../runtime';

/**
 * `npm run sweep [-- --all]`: housekeeping by hand. --all also removes fresh staged uploads, so it
 * refuses (exit 1, naming them) while any API instance's heartbeat is fresh.
 */
async function main() {
  const config = loadConfig();
  const services = await createServices(config, { warn: (m) => console.error(m) });
  try {
    const result = process.argv.includes('--all')
      ? await sweepAll(services)
      : await sweep(services);
    console.log(
      `Archivos no confirmados eliminados: ${result.staged}; escrituras parciales eliminadas: ${result.partials}`,
    );
  } finally {
    await services.files.store.close();
    await services.db.close();
  }
}

main().catch(exitOnError);
