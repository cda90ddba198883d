// The case dossier ("Descargar expediente", issue 25): dossiers per second of an ordinary case —
// a description of a few paragraphs with a list, two comments of the complainant, a reply and an
// internal note, two small files (a JPEG with EXIF and GPS, a PNG with text chunks) — taken one
// after the other through the API (app.inject, the same app the tests build: PGlite, or
// PostgreSQL with DATABASE_URL), beside its floor measured in the same run: the case view of a
// case of its own — the same reads, decryption and audit entry a dossier starts with, without
// its PDF, files and ZIP. Also the event loop's longest delay while the dossiers are made (the
// PDF is made off the loop since issue 25).
//
// Each run makes fresh cases, takes WARMUP of each untimed, then times COUNT dossiers and COUNT
// case views taken alternately; each adds an audit entry to its case, so every run's PDFs grow
// the same way. Prints each run and the
// median of RUNS; asserts nothing.
// Run: `node --import tsx bench/dossier.ts` (or `npm run bench`); BENCH_DOSSIER_RUNS (3),
// BENCH_DOSSIER_COUNT (30).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { contract } from '@canal/shared/contract';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { callApi } from '@canal/test-support/api';
import { denuncia, file, HEAD_OFFICE, login } from '@canal/test-support/complaints';
import { jpegWithExif, pngWithMetadata } from '@canal/test-support/images';
import { staff, type StaffClient } from '@canal/test-support/staff';

const RUNS = Number(process.env.BENCH_DOSSIER_RUNS ?? 3);
const COUNT = Number(process.env.BENCH_DOSSIER_COUNT ?? 30);
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

/** The floor: the case view, as the case page takes it. */
async function floor(client: StaffClient, id: number): Promise<number> {
  const view = await client.call(contract.viewCase, { params: { id } });
  if (view.statusCode !== 200) throw new Error(`ficha: ${view.statusCode}`);
  return view.rawPayload.length;
}

/**
 * Per second of `count` dossiers and of `count` case views, taken alternately (one of each in
 * turn, so both meet the same load), after `WARMUP` of each untimed; the event loop's longest
 * delay during the dossiers.
 */
async function rates(dossierCall: () => Promise<number>, floorCall: () => Promise<number>) {
  for (let i = 0; i < WARMUP; i++) await Promise.all([dossierCall(), floorCall()]);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const seconds = { ours: 0, floor: 0 };
  // CPU of the whole process, its PDF threads included: it moves less with the machine's load.
  const cpu = { ours: 0, floor: 0 };
  const cpuNow = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  let bytes = 0;
  for (let i = 0; i < COUNT; i++) {
    let started = performance.now();
    let cpuStarted = cpuNow();
    delay.enable();
    bytes += await dossierCall();
    delay.disable();
    seconds.ours += (performance.now() - started) / 1000;
    cpu.ours += cpuNow() - cpuStarted;
    started = performance.now();
    cpuStarted = cpuNow();
    await floorCall();
    seconds.floor += (performance.now() - started) / 1000;
    cpu.floor += cpuNow() - cpuStarted;
  }
  return {
    ours: COUNT / seconds.ours,
    floor: COUNT / seconds.floor,
    cpuOurs: (cpu.ours * 1000) / COUNT,
    cpuFloor: (cpu.floor * 1000) / COUNT,
    bytes: bytes / COUNT,
    maxDelayMs: delay.max / 1e6,
  };
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
        `beside its floor (the case view); ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    const rows: Awaited<ReturnType<typeof rates>>[] = [];
    for (let r = 1; r <= RUNS; r++) {
      const [forDossier, forFloor] = [
        await ordinaryCase(t, investigator),
        await ordinaryCase(t, investigator),
      ];
      const m = await rates(
        () => dossier(investigator, forDossier),
        () => floor(investigator, forFloor),
      );
      rows.push(m);
      console.log(
        `  run ${r}: dossier ${m.ours.toFixed(1)}/s (${(m.bytes / 1024).toFixed(0)} KiB each, ` +
          `event loop delay up to ${m.maxDelayMs.toFixed(0)} ms); floor ${m.floor.toFixed(1)}/s; ` +
          `dossier / floor ${(m.ours / m.floor).toFixed(2)}; CPU per answer: dossier ` +
          `${m.cpuOurs.toFixed(0)} ms, floor ${m.cpuFloor.toFixed(0)} ms`,
      );
    }
    console.log(
      `  median: dossier ${median(rows.map((x) => x.ours)).toFixed(1)}/s, floor ` +
        `${median(rows.map((x) => x.floor)).toFixed(1)}/s, dossier / floor ` +
        `${median(rows.map((x) => x.ours / x.floor)).toFixed(2)}, event loop delay up to ` +
        `${median(rows.map((x) => x.maxDelayMs)).toFixed(0)} ms; CPU per answer: dossier ` +
        `${median(rows.map((x) => x.cpuOurs)).toFixed(0)} ms, floor ` +
        `${median(rows.map((x) => x.cpuFloor)).toFixed(0)} ms`,
    );
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
