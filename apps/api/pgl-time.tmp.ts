import { performance } from 'node:perf_hooks';
import { openDatabase } from './src/db/database';
import { migrate } from './src/db/migrate';
const t0 = performance.now();
const db = await openDatabase({});
const t1 = performance.now();
console.log('open', (t1 - t0).toFixed(0));
const m: any = migrate;
try { await m(db); } catch (e) { console.log('migrate sig?', String(e).slice(0,200)); }
console.log('migrate', (performance.now() - t1).toFixed(0));
await db.close();
