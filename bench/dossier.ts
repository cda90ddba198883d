// The case dossier ("Descargar expediente", issue 25): dossiers per second of an ordinary case —
// a description of a few paragraphs with a list, two comments of the complainant, a reply and an
// internal note, two small files (a JPEG with EXIF and GPS, a PNG with text chunks) — taken one
// after the other through the API (app.inject, the same app the tests build: PGlite, or
// PostgreSQL with DATABASE_URL), beside its floor measured in the same run: what a dossier cannot
// avoid doing besides its PDF and ZIP — the case view (the same reads and decryption) and the
// download of both files' safe copies — for a case of its own. Also the event loop's longest
// delay while the dossiers are made (the PDF is made off the loop since issue 25).
//
// Each run makes fresh cases, takes WARMUP dossiers untimed, then times COUNT of each; each
// dossier adds an audit entry, so every run's PDFs grow the same way. Prints each run and the
// median of RUNS; asserts nothing.
// Run: `node --import tsx bench/dossier.ts` (or `npm run bench`); BENCH_DOSSIER_RUNS (3),
// BENCH_DOSSIER_COUNT (20).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { contract } from '@canal/shared/contract';
import { buildTestApp, type TestApp } from '../apps/api/test/support/app';
import { callApi } from '../apps/api/test/support/api';
import { denuncia, file, HEAD_OFFICE, login } from '../apps/api/test/support/complaints';
import { jpegWithExif, pngWithMetadata } from '../apps/api/test/back-office/images';
import { staff, type StaffClient } from '../apps/api/test/back-office/support';

const RUNS = Number(process.env.BENCH_DOSSIER_RUNS ?? 3);
const COUNT = Number(process.env.BENCH_DOSSIER_COUNT ?? 20);
const WARMUP = 3;

const RELATO = [
  'Desde marzo, mi jefatura me grita frente al equipo en las reuniones de los lunes y se burla de mi trabajo delante de clientes.',
  '',
  'Los hechos que recuerdo con más detalle:',
  '• El 4 de marzo me dijo que no servía para el cargo, frente a tres compañeros.',
  '• El 18 de marzo me quitó la palabra en la reunión con el cliente y se rio de mi propuesta.',
  '• El 2 de abril me envió un correo con copia a todo el equipo diciendo que mi informe era “una vergüenza”.',
  '',
  'Dos compañeros presenciaron los hechos y están dispuestos a declarar. Pido que se investigue y que se adopten medidas para que no vuelva a ocurrir.',
].join('\n');

/** A case of the ordinary kind, with its log and two files; its id. */
async function ordinaryCase(t: TestApp, investigator: StaffClient): Promise<number> {
  const created = await file(t.app, denuncia({ relato: RELATO }), [
    { filename: 'foto.jpg', content: jpegWithExif() },
    { filename: 'plano.png', content: pngWithMetadata() },
  ]);
  if (created.statusCode !== 201) throw new Error(`ingreso: ${created.statusCode}`);
  const { ticket } = created.json() as { ticket: number };
  const { auth } = await login(t.app, ticket);
  for (const comentario of [
    'Adjunto una foto de la pizarra con lo que escribió el lunes.',
    'Hoy volvió a ocurrir en la reunión de la mañana.',
  ]) {
    const res = await callApi(t.app, contract.addComment, {
      headers: auth,
      body: { comentario, denuncia_id: ticket },
    });
    if (res.statusCode !== 201) throw new Error(`comentario: ${res.statusCode}`);
  }
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    ticket,
  ]);
  const id = row!.id;
  for (const [endpoint, comentario] of [
    [contract.replyToComplainant, 'Hemos recibido su denuncia y la investigaremos.'],
    [contract.addInternalNote, 'Entrevista a los dos testigos agendada para el jueves.'],
  ] as const) {
    const res = await investigator.call(endpoint, { params: { id }, body: { comentario } });
    if (res.statusCode !== 201) throw new Error(`bitácora: ${res.statusCode}`);
  }
  return id;
}

async function dossier(client: StaffClient, id: number): Promise<number> {
  const res = await client.call(contract.downloadCaseDossier, { params: { id } });
  if (res.statusCode !== 200) throw new Error(`expediente: ${res.statusCode} ${res.body}`);
  return res.rawPayload.length;
}

/** The floor: the case view and both files' safe copies, as the case page takes them. */
async function floor(client: StaffClient, id: number): Promise<number> {
  const view = await client.call(contract.viewCase, { params: { id } });
  if (view.statusCode !== 200) throw new Error(`ficha: ${view.statusCode}`);
  let bytes = view.rawPayload.length;
  for (const f of view.json().archivos as { url: string }[]) {
    const copy = await client.follow(f.url);
    if (copy.statusCode !== 200) throw new Error(`archivo: ${copy.statusCode}`);
    bytes += copy.rawPayload.length;
  }
  return bytes;
}

/** Per second of `count` calls of `work`, one after the other, after `WARMUP` untimed. */
async function rate(work: () => Promise<number>, count: number) {
  for (let i = 0; i < WARMUP; i++) await work();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < count; i++) bytes += await work();
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  return { perSecond: count / seconds, bytes: bytes / count, maxDelayMs: delay.max / 1e6 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  const t = await buildTestApp();
  try {
    const investigator = await staff(t, {
      role: 'investigador',
      name: 'Iván Investigador',
      organizations: [HEAD_OFFICE],
    });
    console.log(
      `== dossier: ${RUNS} runs of ${COUNT} dossiers of an ordinary case (2 files) one after the other, ` +
        `beside its floor (case view + both files' safe copies); ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    const rows: { ours: number; floor: number; delay: number }[] = [];
    for (let r = 1; r <= RUNS; r++) {
      const [forDossier, forFloor] = [
        await ordinaryCase(t, investigator),
        await ordinaryCase(t, investigator),
      ];
      const base = await rate(() => floor(investigator, forFloor), COUNT);
      const ours = await rate(() => dossier(investigator, forDossier), COUNT);
      rows.push({ ours: ours.perSecond, floor: base.perSecond, delay: ours.maxDelayMs });
      console.log(
        `  run ${r}: dossier ${ours.perSecond.toFixed(1)}/s (${(ours.bytes / 1024).toFixed(0)} KiB each, ` +
          `event loop delay up to ${ours.maxDelayMs.toFixed(0)} ms); floor ${base.perSecond.toFixed(1)}/s; ` +
          `dossier / floor ${(ours.perSecond / base.perSecond).toFixed(2)}`,
      );
    }
    console.log(
      `  median: dossier ${median(rows.map((x) => x.ours)).toFixed(1)}/s, floor ` +
        `${median(rows.map((x) => x.floor)).toFixed(1)}/s, dossier / floor ` +
        `${median(rows.map((x) => x.ours / x.floor)).toFixed(2)}, event loop delay up to ` +
        `${median(rows.map((x) => x.delay)).toFixed(0)} ms`,
    );
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
