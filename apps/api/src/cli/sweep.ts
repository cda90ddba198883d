import { loadConfig } from '../config';
import { exitOnError } from './exit-on-error';
import { createServices, sweep } from '../runtime';

/** `npm run sweep [-- --all]`: housekeeping by hand; --all also removes fresh staged uploads (no server running). */
async function main() {
  const config = loadConfig();
  const services = await createServices(config, { warn: (m) => console.error(m) });
  try {
    const result = await sweep(services, process.argv.includes('--all') ? 0 : undefined);
    console.log(
      `Archivos no confirmados eliminados: ${result.staged}; escrituras parciales eliminadas: ${result.partials}`,
    );
  } finally {
    await services.files.store.close();
    await services.db.close();
  }
}

main().catch(exitOnError);
