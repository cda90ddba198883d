// `npm run bench`: every benchmark of the repo, one after the other; figures printed, nothing asserted.
const suites: [string, string][] = [
  ['file cipher', './file-cipher'],
  ['sanitize', './sanitize'],
  ['api', './api'],
  ['signing', './signing'],
  ['streams', './streams'],
  ['inbox', './inbox'],
  ['dossier', './dossier'],
  ['web', './web'],
  ['cluster', './cluster'],
];

for (const [name, module] of suites) {
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
