// `npm run bench`: every benchmark of the repo, one after the other; figures printed, nothing asserted.
// `npm run bench -- erasure inbox` runs only the suites named (by their name's first word).
const suites: [string, string][] = [
  ['file cipher', './file-cipher'],
  ['sanitize', './sanitize'],
  ['api', './api'],
  ['signing', './signing'],
  ['audit log', './audit-log'],
  ['streams', './streams'],
  ['uploads', './uploads'],
  ['inbox', './inbox'],
  ['dossier', './dossier'],
  ['web', './web'],
  ['cluster', './cluster'],
  ['erasure', './erasure'],
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((c) => !suites.some(([name]) => name.split(' ')[0] === c));
if (unknown.length > 0) {
  console.error(
    `Suites desconocidas: ${unknown.join(', ')}. Hay: ${suites.map(([n]) => n.split(' ')[0]).join(', ')}`,
  );
  process.exit(2);
}

for (const [name, module] of suites) {
  if (chosen.length > 0 && !chosen.includes(name.split(' ')[0]!)) continue;
  try {
    const { run } = (await import(module)) as { run: () => Promise<void> };
    await run();
  } catch (error) {
    if (
      (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' &&
      String(error).includes(module.slice(2))
    ) {
      console.log(`== ${name}: (no disponible)`);
      continue;
    }
    console.error(`== ${name}: falló`, error);
    process.exitCode = 1;
  }
}

// A module, for the top-level await above.
export {};
