import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
let t = performance.now();
const a = await PGlite.create('memory://');
console.log('create memory', (performance.now() - t).toFixed(0));
await a.exec('create table x(a int); insert into x values (1)');
t = performance.now();
const dump = await a.dumpDataDir('none');
console.log('dump', (performance.now() - t).toFixed(0), dump.size);
await a.close();
for (let i = 0; i < 3; i++) {
  t = performance.now();
  const b = await PGlite.create('memory://', { loadDataDir: dump });
  console.log('create from dump', (performance.now() - t).toFixed(0), (await b.query('select a from x')).rows);
  await b.close();
  t = performance.now();
  const c = await PGlite.create('memory://');
  console.log('create memory', (performance.now() - t).toFixed(0));
  await c.close();
}
