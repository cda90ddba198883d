// Run as a child process by test/operations/disk-full.test.ts (argument: a PGlite folder on a
// small tmpfs with more than PGLITE_DISK_RESERVE_BYTES free): one statement fills the disk, PGlite
// fails it (53100, or an internal error once its state is broken), and what the `Db` and the
// probes do next is printed as one JSON line.
// A child, so that a PGlite that froze (its next statement never returns and blocks the event
// loop) is killed by the test instead of freezing it.
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { openDatabase } from '../../src/db/database';
import { healthRoutes } from '../../src/http/health';
import { serializerCompiler } from '../../src/http/serializer';

const dataDir = process.argv[2]!;
const db = await openDatabase({ dataDir });
await db.query('CREATE TABLE relleno (x text)');
// Stored as it is: compressed, repeated text would take a long time to fill anything.
await db.query('ALTER TABLE relleno ALTER COLUMN x SET STORAGE EXTERNAL');
const failed = (await db
  .query(
    'INSERT INTO relleno SELECT repeat(md5(random()::text), 300) FROM generate_series(1, 400000)',
  )
  .then(
    () => null,
    (error: unknown) => error,
  )) as (Error & { code?: string; cause?: { code?: string } }) | null;
const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
await app.register(healthRoutes, {
  db,
  storagePing: async () => {},
  lifecycle: { shuttingDown: false },
});
const again = (await db.query('SELECT 1').then(
  () => null,
  (error: unknown) => error,
)) as (Error & { code?: string }) | null;
const livez = await app.inject({ url: '/livez' });
const readyz = await app.inject({ url: '/readyz' });
console.log(
  JSON.stringify({
    first: failed && { code: failed.code, cause: failed.cause?.code },
    again: again?.code ?? null,
    livez: livez.statusCode,
    readyz: { status: readyz.statusCode, body: readyz.json() as unknown },
  }),
);
await app.close();
await db.close();
process.exit(0);
