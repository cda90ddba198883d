import { parseIsoDay } from '@canal/shared';
import { loadConfig } from '../config';
import { runRetention } from '../core/retention/retention';
import { createServices, exclusively } from '../runtime';
import { exitOnError } from './exit-on-error';

const USAGE = 'Uso: npm run retention -- [--dry-run] [--as-of AAAA-MM-DD]';

/**
 * `npm run retention -- [--dry-run] [--as-of YYYY-MM-DD]`: the retention sweep the hourly sweep
 * runs (decision 0046), by hand. --dry-run lists the closed cases whose period has ended and their
 * dates, erasing nothing; --as-of runs it as if on that day (drills, tests): the cases it lists
 * are erased for real, and the erasure keys of the days up to it destroyed.
 */
async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--as-of');
  const asOf = at < 0 ? undefined : args[at + 1];
  const known = new Set(['--dry-run', '--as-of', ...(asOf ? [asOf] : [])]);
  if (args.some((a) => !known.has(a)) || (at >= 0 && (!asOf || !parseIsoDay(asOf)))) {
    console.error(USAGE);
    process.exit(2);
  }
  const dryRun = args.includes('--dry-run');
  const services = await createServices(loadConfig(), { warn: (m) => console.error(m) });
  try {
    const result = await exclusively(services, () => runRetention(services, { asOf, dryRun }));
    if (!result) {
      console.error(
        'Otra instancia está ejecutando la limpieza; intente nuevamente en un momento.',
      );
      process.exitCode = 1;
      return;
    }
    console.log(`Casos con plazo de conservación vencido al ${result.asOf}: ${result.due.length}`);
    for (const c of result.due)
      console.log(
        `  ${c.case_number}  recibido ${c.received}  cerrado ${c.closed}  vence ${c.due}`,
      );
    if (dryRun) console.log('Simulación: no se eliminó nada.');
    else
      console.log(
        `Casos eliminados: ${result.erased}; archivos eliminados: ${result.files}; ` +
          `claves selladas hasta su día de eliminación: ${result.sealed}`,
      );
  } finally {
    await services.files.store.close();
    await services.db.close();
  }
}

main().catch(exitOnError);
