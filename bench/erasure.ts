/**
 * Retention sweep benchmark (issue 19): how long the erasure of 10,000 due cases takes on
 * PostgreSQL, and whether the portal and the back office stay responsive meanwhile.
 *
 *   npm run bench -- erasure        (or node --import tsx bench/erasure.ts; DATABASE_URL, default
 *                                     postgres://postgres@127.0.0.1:5432/test; BENCH_ERASURE_CASES,
 *                                     default 10,000)
 *
 * A database of its own; the application built as the tests build it (one process: the sweep runs
 * inside a serving instance, as the hourly sweep does). The due cases are loaded with
 * `generate_series`: each closed six years ago, with two log entries, one given-up mail in the
 * outbox, and one case in ten with a file (a real object in the local store). `runRetention` — what
 * the hourly sweep and `npm run retention` run — erases them in batches of `ERASE_BATCH`, each batch
 * one transaction with its audit entries appended together (decision 0065). Beside it, in the same
 * run: the floor (as many one-row transactions on the same pool as there are cases: what one
 * transaction per case could never beat), and the probes — a complainant's detail (`GET /v1/denuncias/:id`), the portal's master data
 * (`GET /v1/datos-maestros/delitos`) and an administrator's inbox — with no sweep running, then
 * during the sweep, through the whole Fastify pipeline (`inject`) on the sweep's event loop.
 * Prints figures; asserts nothing. Drops the database.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { contract } from '@canal/shared/contract';
import { chileToday, ERASE_BATCH, runRetention } from '@canal/api/testing';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { freshPostgres } from '@canal/test-support/cluster';
import { fileAndLogin, headers, HEAD_OFFICE } from '@canal/test-support/complaints';
import { staff } from '@canal/test-support/staff';

const CASES = Number(process.env.BENCH_ERASURE_CASES ?? 10_000);
/** Probes of each kind with no sweep running. */
const BASELINE_PROBES = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

interface Probe {
  name: string;
  call: () => Promise<{ statusCode: number }>;
}

async function timed(probe: Probe): Promise<number> {
  const t0 = performance.now();
  const res = await probe.call();
  if (res.statusCode >= 400) throw new Error(`${probe.name}: ${res.statusCode}`);
  return performance.now() - t0;
}

/** The due cases: closed six years ago, with their log, a given-up mail and some files. */
async function loadDueCases(t: TestApp): Promise<number> {
  const { db } = t;
  const closedAt = `now() - interval '6 years'`;
  const CHUNK = 5_000;
  for (let first = 1; first <= CASES; first += CHUNK) {
    const last = Math.min(CASES, first + CHUNK - 1);
    await db.query(
      `INSERT INTO complaints (ticket, organization_id, case_number, status, is_anonymous, category_id,
         type_id, zone_id, relation_id, recognition_id, knowledge_id, occurrence_date, data_key,
         description_enc, complainant_enc, contact_email_enc, email_index, password_hash,
         created_at, closed_at)
       SELECT 500000000000 + g, $1::uuid, 'BE-2020-' || lpad(g::text, 6, '0'), 'Cerrada', g % 3 = 0,
              1, 1, 1, 1, 1, 1, DATE '2020-01-01', 'sealed-key', 'sealed-description',
              'sealed-identity', 'sealed-email', 'index-' || g, 'argon-hash',
              ${closedAt} - interval '30 days', ${closedAt}
         FROM generate_series($2::int, $3::int) AS g`,
      [HEAD_OFFICE, first, last],
    );
  }
  const due = `SELECT id FROM complaints WHERE ticket >= 500000000000`;
  await db.query(
    `INSERT INTO complaint_log (complaint_id, event, comment_enc, author, visible)
     SELECT id, e, NULL, 'Sistema', true
       FROM (${due}) c, unnest(ARRAY['Denuncia ingresada', 'Cambio de estado: Cerrada']) AS e`,
  );
  await db.query(
    `INSERT INTO outbox (kind, organization_id, complaint_id, payload_enc, status, attempts)
     SELECT 'complainant-update', $1::uuid, id, 'sealed-payload', 'failed', 12 FROM (${due}) c`,
    [HEAD_OFFICE],
  );
  const withFiles = await db.query<{ id: string }>(`${due} AND id % 10 = 0`);
  for (const { id } of withFiles) {
    const key = `files/bench-${id}-${randomBytes(4).toString('hex')}`;
    await t.services.files.store.put(key, Readable.from([randomBytes(2048)]));
    await db.query(
      `INSERT INTO complaint_files (id, complaint_id, storage_key, name_enc, extension, mimetype, size_bytes)
       VALUES (gen_random_uuid(), $1, $2, 'sealed-name', 'pdf', 'application/pdf', 2048)`,
      [id, key],
    );
  }
  await db.query('ANALYZE');
  return withFiles.length;
}

/** Runs every probe in turn until `until` says stop (at least once each): times per probe. */
async function probeLoop(probes: Probe[], until: () => boolean, minRounds: number) {
  const times = new Map(probes.map((p) => [p.name, [] as number[]]));
  for (let round = 0; round < minRounds || !until(); round++)
    for (const p of probes) times.get(p.name)!.push(await timed(p));
  return times;
}

export async function run(): Promise<void> {
  console.log('== Retention sweep (PostgreSQL)');
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = await freshPostgres(
    baseUrl,
    `${process.env.BENCH_DB_PREFIX ?? 'bench'}_erasure_${randomBytes(4).toString('hex')}`,
  );
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = database.url;
  let t: TestApp | null = null;
  try {
    t = await buildTestApp();
    const app = t.app;
    const admin = await staff(t, { role: 'administrador' });
    const complainant = await fileAndLogin(app);
    const probes: Probe[] = [
      {
        name: 'portal: complaint detail',
        call: () =>
          callApi(app, contract.complaintDetail, {
            headers: complainant.auth,
            params: { id: String(complainant.ticket) },
          }),
      },
      {
        name: 'portal: master data',
        call: () => callApi(app, contract.offenceCategories, { headers: headers() }),
      },
      {
        name: 'back office: inbox',
        call: () => admin.call(contract.inbox, { querystring: {} }),
      },
    ];
    const started = Date.now();
    const files = await loadDueCases(t);
    console.log(
      `${CASES} due cases loaded in ${Date.now() - started} ms (${files} with a file in the local store)`,
    );

    // Floor: as many one-row transactions on the same pool as the sweep has cases.
    const f0 = performance.now();
    for (let i = 0; i < CASES; i++)
      await t.db.transaction((tx) =>
        tx.query('UPDATE complaints SET updated_at = updated_at WHERE ticket = $1', [
          500000000000 + 1 + (i % CASES),
        ]),
      );
    const floorMs = performance.now() - f0;

    const idle = await probeLoop(probes, () => true, BASELINE_PROBES);
    let sweeping = true;
    const s0 = performance.now();
    const sweep = runRetention(t.services, { asOf: chileToday() }).finally(() => {
      sweeping = false;
    });
    const busy = await probeLoop(probes, () => !sweeping, 1);
    const result = await sweep;
    const sweepMs = performance.now() - s0;

    const ms = (n: number) => n.toFixed(1).padStart(7);
    console.log(
      `sweep: ${result.erased} cases erased (batches of ${ERASE_BATCH}), ${result.files} files deleted in ${(sweepMs / 1000).toFixed(1)} s ` +
        `(${((result.erased * 1000) / sweepMs).toFixed(0)} cases/s); ` +
        `floor: ${CASES} one-row transactions in ${(floorMs / 1000).toFixed(1)} s; ` +
        `ratio ${(sweepMs / floorMs).toFixed(1)}× the floor`,
    );
    const left = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE complaint_id IN
         (SELECT id FROM complaints WHERE erased_at IS NOT NULL)`,
    );
    console.log(`  mail of erased cases left in the outbox: ${left[0]!.n}`);
    console.log('latency, no sweep running / during the sweep (in-process, p50 and p95):');
    for (const p of probes) {
      const a = idle.get(p.name)!.sort((x, y) => x - y);
      const b = busy.get(p.name)!.sort((x, y) => x - y);
      console.log(
        `  ${p.name.padEnd(26)} idle p50 ${ms(percentile(a, 50))} ms p95 ${ms(percentile(a, 95))} ms` +
          ` (${a.length}) | sweep p50 ${ms(percentile(b, 50))} ms p95 ${ms(percentile(b, 95))} ms (${b.length})`,
      );
    }
  } finally {
    await t?.close();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
