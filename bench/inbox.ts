/**
 * Back-office inbox benchmark (DESIGN §7: under 100 ms at p95; issue 13: under 50 ms at 1,000,000
 * cases with keyset paging).
 *
 *   node --import tsx bench/inbox.ts        (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 *                                            BENCH_INBOX_CASES, default 1,000,000)
 *
 * Fills a fresh schema with the complaints in one INSERT … SELECT generate_series (sealed
 * columns hold one repeated ciphertext: the query never opens them), then runs the inbox query of
 * an investigator of two organisations — the very repository code the API uses — with the default
 * sort: keyset pages (the first, and one 100,000 cases deep), beside the offset page with its
 * count (what the API answered before), several filter combinations, and the floor: the round
 * trip of `SELECT 1` on the same connection. Prints p50/p95/p99 in milliseconds. Drops the schema.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { ORGANIZATIONS } from '@canal/shared';
import {
  casesRepository,
  migrate,
  openDatabase,
  scope,
  type InboxFilters,
  type StaffUser,
} from '@canal/api/testing';

const COMPLAINTS = Number(process.env.BENCH_INBOX_CASES ?? 1_000_000);
const RUNS = 200;
/** How deep the deep keyset page starts (cases of the investigator before it). */
const DEEP = Math.min(100_000, Math.floor(COMPLAINTS / 10));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface InboxBenchResult {
  complaints: number;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  byCase: { name: string; p50: number; p95: number; p99: number }[];
  /** The floor: p95 of `SELECT 1` on the same connection. */
  floorP95: number;
  /** p95 of the two keyset pages the goal is about (first and deep, default sort). */
  keysetP95: number;
}

export async function measure(
  url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
): Promise<InboxBenchResult> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDatabase({ url, schema });
  try {
    await migrate(db);
    const orgIds = ORGANIZATIONS.map((o) => o.id);
    const [investigatorRow] = await db.query<{ id: number }>(
      `INSERT INTO staff_users (email, name, role) VALUES ('bench@empresa.cl', 'Bench', 'investigador') RETURNING id`,
    );
    const [otherRow] = await db.query<{ id: number }>(
      `INSERT INTO staff_users (email, name, role) VALUES ('otra@empresa.cl', 'Otra', 'investigador') RETURNING id`,
    );
    const me = investigatorRow!.id;
    const mine = [orgIds[0]!, orgIds[5]!];
    for (const org of mine)
      await db.query('INSERT INTO staff_organizations (user_id, organization_id) VALUES ($1, $2)', [
        me,
        org,
      ]);

    const started = Date.now();
    // The secondary indexes of complaints are built after the load (several times faster than
    // keeping them up row by row); the primary key and unique constraints stay.
    const indexes = await db.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = 'complaints'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
    );
    for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
    // In chunks: one statement stays well within the connection's statement timeout.
    const CHUNK = 100_000;
    for (let first = 1; first <= COMPLAINTS; first += CHUNK)
      await db.query(
        `INSERT INTO complaints (ticket, organization_id, case_number, status, is_anonymous, category_id, type_id, zone_id,
           agency_id, relation_id, recognition_id, knowledge_id, occurrence_date, data_key, description_enc, other_place_enc,
           complainant_enc, contact_email_enc, email_index, password_hash, created_at, next_due_date, assignee_id)
         SELECT 100000000000 + g,
                ($1::uuid[])[1 + g % 13],
                'CD-' || (2024 + g % 2) || '-' || lpad(g::text, 7, '0'),
                (ARRAY['Recibida','En análisis','Faltan antecedentes','En investigación','Derivada a la Dirección del Trabajo','Cerrada'])[1 + g % 6],
                g % 3 = 0,
                1 + g % 5,
                (ARRAY[1, 2, 3, 26, 27, 28, 10, 11])[1 + g % 8],
                1, NULL, 1, 1, 1 + g % 7, DATE '2024-01-01',
                'sealed-key', 'sealed-description', NULL, 'sealed-identity', 'sealed-email', 'index-' || g, 'argon-hash',
                now() - make_interval(days => g % 730, secs => g % 86400),
                CASE WHEN g % 6 = 5 THEN NULL ELSE current_date + (g % 150) - 40 END,
                CASE WHEN g % 4 = 0 THEN $2::bigint WHEN g % 4 = 1 THEN $3::bigint ELSE NULL END
           FROM generate_series($4::int, $5::int) AS g`,
        [orgIds, me, otherRow!.id, first, Math.min(COMPLAINTS, first + CHUNK - 1)],
      );
    for (const index of indexes) await db.query(index.definition);
    // A few conflicts of interest in the investigator's organisations.
    await db.query(
      `INSERT INTO case_exclusions (complaint_id, user_id) SELECT id, $1 FROM complaints WHERE id % 500 = 0`,
      [me],
    );
    await db.query('ANALYZE');
    console.log(
      `${COMPLAINTS} cases loaded in ${Date.now() - started} ms (generate_series; schema ${schema})`,
    );

    const user: StaffUser = {
      id: me,
      email: 'bench@empresa.cl',
      name: 'Bench',
      role: 'investigador',
      organizationIds: mine,
    };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(
      new Date(),
    );
    // Where the deep page starts: the case DEEP places down the investigator's default order.
    const visible = scope(user);
    const [deep] = await db.query<{ key: string; id: number }>(
      `SELECT COALESCE(c.next_due_date, 'infinity'::date)::text AS key, c.id
         FROM complaints c WHERE ${visible.sql}
        ORDER BY COALESCE(c.next_due_date, 'infinity'::date), c.id OFFSET ${DEEP} LIMIT 1`,
      visible.params,
    );
    const base: InboxFilters = { sort: 'vencimiento', descending: false, limit: 25, offset: 0 };
    const keyset: InboxFilters = { ...base, after: null };
    const cases: { name: string; filters: InboxFilters; runs?: number; goal?: boolean }[] = [
      { name: 'keyset, first page', filters: keyset, goal: true, runs: RUNS },
      {
        name: `keyset, ${DEEP} deep`,
        filters: { ...keyset, after: deep! },
        goal: true,
        runs: RUNS,
      },
      { name: 'offset + count, first', filters: base, runs: 20 },
      { name: `offset + count, ${DEEP}`, filters: { ...base, offset: DEEP }, runs: 10 },
      { name: 'keyset, vencidos', filters: { ...keyset, overdue: true } },
      { name: 'keyset, estado', filters: { ...keyset, status: 'En investigación' } },
      {
        name: 'keyset, org. + estado',
        filters: { ...keyset, organizationId: mine[1], status: 'Recibida' },
      },
      { name: 'keyset, asignados a mí', filters: { ...keyset, assignee: me } },
      {
        name: 'keyset, tipo + fechas',
        filters: { ...keyset, typeId: 27, from: '2024-06-01', to: '2024-12-31' },
      },
    ];
    const floorTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await db.query('SELECT 1');
      floorTimes.push(performance.now() - t0);
    }
    floorTimes.sort((a, b) => a - b);
    const all: number[] = [];
    const goal: number[] = [];
    const byCase: InboxBenchResult['byCase'] = [];
    for (const c of cases) {
      await casesRepository.inbox(db, user, c.filters, today); // warm-up
      const times: number[] = [];
      for (let i = 0; i < (c.runs ?? 50); i++) {
        const t0 = performance.now();
        await casesRepository.inbox(db, user, c.filters, today);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      if (c.goal) goal.push(...times);
      byCase.push({
        name: c.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
      });
    }
    all.sort((a, b) => a - b);
    return {
      complaints: COMPLAINTS,
      runs: all.length,
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      p99: percentile(all, 99),
      byCase,
      floorP95: percentile(floorTimes, 95),
      keysetP95: percentile(
        goal.sort((a, b) => a - b),
        95,
      ),
    };
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

/** Measures and prints (what `npm run bench` calls). */
export async function run(): Promise<void> {
  console.log('== Back-office inbox (PostgreSQL)');
  const result = await measure();
  const ms = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `inbox of an investigator of 2 organisations, pages of 25, default sort (due date), ${result.complaints} cases`,
  );
  for (const c of result.byCase)
    console.log(
      `  ${c.name.padEnd(28)} p50 ${ms(c.p50)} ms  p95 ${ms(c.p95)} ms  p99 ${ms(c.p99)} ms`,
    );
  console.log(
    `inbox p95, keyset (first + deep page): ${result.keysetP95.toFixed(1)} ms at ${result.complaints} cases (goal < 50 ms)`,
  );
  console.log(
    `  floor: SELECT 1 on the same connection, p95 ${result.floorP95.toFixed(1)} ms; ratio ${(result.keysetP95 / result.floorP95).toFixed(1)}× the floor`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
