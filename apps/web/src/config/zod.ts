import { z } from 'zod';

// zod 4 probes `new Function` to decide whether it may compile parsers; the portal's CSP refuses
// eval, so the probe only produced a CSP violation report on every page. Jitless parsing needs no
// eval and is fast enough for forms. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
