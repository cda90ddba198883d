// zod 4 probes `new Function` to decide whether it may compile parsers; the portal's CSP refuses
// eval, so the probe only produced a CSP violation report on every page. Jitless parsing needs no
// eval and is fast enough for forms. Imported first by main.tsx, before any schema parses.
//
// Set through the global object zod keeps its configuration in (`z.config()` writes the same
// object; zod 4 creates it only when absent), so this first module of the page does not import zod
// itself: zod stays in the chunks of the forms, out of the first load of `/` (decision 0026).
// config/zod.test.ts checks that `z.config()` sees it.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true });

export {};
