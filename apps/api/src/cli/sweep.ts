import { loadConfig } from '../config';
import { createServices, sweep } from '../runtime';

/** `npm run sweep [-- --all]`: housekeeping by hand; --all also removes fresh staged uploads (no server running). */
const config = loadConfig();
const services = await createServices(config);
const result = await sweep(services, process.argv.includes('--all') ? 0 : undefined);
console.log(`Archivos temporales eliminados: ${result.staged}; archivos huérfanos eliminados: ${result.orphans}`);
await services.db.close();
