/**
 * Back-office inbox benchmark (DESIGN §7: under 100 ms at p95 with 100,000 complaints).
 *
 *   node --import tsx bench/inbox.ts        (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *
 * Fills a fresh schema with 100,000 complaints in one INSERT … SELECT generate_series (sealed
 * columns hold one repeated ciphertext: the query never opens them), then runs the inbox query of
 * an investigator of two organisations — the very repository code the API uses — with several
 * filter combinations, 200 times each, and prints p50/p95/p99 in milliseconds. Drops the schema.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { ORGANIZATIONS } from '@canal/shared';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { casesRepository, type InboxFilters } from '../apps/api/src/back-office/cases/repository';
import type { StaffUser } from '../apps/api/src/back-office/staff/roles';

const COMPLAINTS = 100_000;
const RUNS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface InboxBenchResult {
  complaints: number;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  byCase: { name: string; p50: number; p95: number; p99: number }[];
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
    await db.query(
      `INSERT INTO complaints (ticket, organization_id, case_number, status, is_anonymous, category_id, type_id, zone_id,
         agency_id, relation_id, recognition_id, knowledge_id, occurrence_date, data_key, description_enc, other_place_enc,
         complainant_enc, contact_email_enc, email_index, password_hash, created_at, next_due_date, assignee_id)
       SELECT 100000000000 + g,
              ($1::uuid[])[1 + g % 13],
              'CD-' || (2024 + g % 2) || '-' || lpad(g::text, 6, '0'),
              (ARRAY['Recibida','En análisis','Faltan antecedentes','En investigación','Derivada a la Dirección del Trabajo','Cerrada'])[1 + g % 6],
              g % 3 = 0,
              1 + g % 5,
              (ARRAY[1, 2, 3, 26, 27, 28, 10, 11])[1 + g % 8],
              1, NULL, 1, 1, 1 + g % 7, DATE '2024-01-01',
              'sealed-key', 'sealed-description', NULL, 'sealed-identity', 'sealed-email', 'index-' || g, 'argon-hash',
              now() - make_interval(days => g % 730, secs => g % 86400),
              CASE WHEN g % 6 = 5 THEN NULL ELSE current_date + (g % 150) - 40 END,
              CASE WHEN g % 4 = 0 THEN $2::bigint WHEN g % 4 = 1 THEN $3::bigint ELSE NULL END
         FROM generate_series(1, $4::int) AS g`,
      [orgIds, me, otherRow!.id, COMPLAINTS],
    );
    // A few conflicts of interest in the investigator's organisations.
    await db.query(
      `INSERT INTO case_exclusions (complaint_id, user_id) SELECT id, $1 FROM complaints WHERE id % 500 = 0`,
      [me],
    );
    await db.query('ANALYZE');
    console.log(
      `${COMPLAINTS} denuncias cargadas en ${Date.now() - started} ms (esquema ${schema})`,
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
    const base: InboxFilters = { limit: 25, offset: 0 };
    const cases: { name: string; filters: InboxFilters }[] = [
      { name: 'sin filtros', filters: base },
      { name: 'vencidos', filters: { ...base, overdue: true } },
      { name: 'estado', filters: { ...base, status: 'En investigación' } },
      {
        name: 'organización + estado',
        filters: { ...base, organizationId: mine[1], status: 'Recibida' },
      },
      { name: 'asignados a mí', filters: { ...base, assignee: me } },
      {
        name: 'tipo + fechas',
        filters: { ...base, typeId: 27, from: '2024-06-01', to: '2024-12-31' },
      },
      { name: 'página 40', filters: { ...base, offset: 1000 } },
    ];
    const all: number[] = [];
    const byCase: InboxBenchResult['byCase'] = [];
    for (const c of cases) {
      await casesRepository.inbox(db, user, c.filters, today); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await casesRepository.inbox(db, user, c.filters, today);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
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
    `\nBandeja de gestión: ${result.runs} consultas (página de 25 con total) sobre ${result.complaints} denuncias`,
  );
  for (const c of result.byCase)
    console.log(
      `  ${c.name.padEnd(24)} p50 ${ms(c.p50)} ms  p95 ${ms(c.p95)} ms  p99 ${ms(c.p99)} ms`,
    );
  console.log(
    `  ${'total'.padEnd(24)} p50 ${ms(result.p50)} ms  p95 ${ms(result.p95)} ms  p99 ${ms(result.p99)} ms`,
  );
  console.log(
    result.p95 < 100
      ? 'Dentro del presupuesto (p95 < 100 ms).'
      : 'FUERA del presupuesto (p95 ≥ 100 ms).',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
