// Portal budgets (issue 3, DESIGN §7) and the page-speed rows of issue 13, each beside its floor
// measured in the same run: the first-load JavaScript of `/` (gzip) against a React + React Router +
// TanStack Query "hello" (bench/web-hello) built with the portal's own Vite configuration; Lighthouse
// (mobile, median of five: BENCH_WEB_RUNS) on `/`, `/ingresar-denuncia` and a signed-in complainant's
// `/detalle-denuncia/{id}` (a complaint with a long log and files) against that hello served the same
// way; the complainant's PDF summary against the same summary without its logo. Prints; asserts nothing.
// `BENCH_WEB_LIGHTHOUSE=0 npm run bench -- web`: the build rows alone (no server, no browser).
// Serves the builds itself (the real server, loopback only) and stops what it starts by pid.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Page } from 'puppeteer-core';
import { fromDenunciaDetalle, HEAD_OFFICE, webPaths } from '@canal/shared';
import { solvedAltchaToken } from '@canal/test-support/altcha';
import { denuncia, PASSWORD } from '@canal/test-support/complaints';
import { jpg, pdf, png } from '@canal/test-support/files';
import { detalle } from '@canal/test-support/fixtures';
import { multipart } from '@canal/test-support/multipart';
import { startServerProcess, type ServerProcess } from '@canal/test-support/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@canal/test-support/chromium';
import { brandAssets, rasterize } from '@canal/web/testing';
import { buildSummaryPdf } from '@canal/shared/summary';

export const WEB = path.resolve(import.meta.dirname, '../apps/web');
const HELLO = path.resolve(import.meta.dirname, 'web-hello');
/** Lighthouse runs of each page (interleaved); the rows print the median. */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
/**
 * `BENCH_WEB_LIGHTHOUSE=0`: the build rows only (first load of `/`, on-demand chunks), without the
 * server, the PDF summary or Lighthouse; the first-load figure is exact, so one build tells it.
 */
const LIGHTHOUSE = process.env.BENCH_WEB_LIGHTHOUSE !== '0';
/** Entries the detail page's complaint gets in its log (comments), beside its files. */
const LOG_ENTRIES = 40;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ratio = (value: number, floor: number) => (floor > 0 ? (value / floor).toFixed(2) : '-');
/** The median of the finite values (a run Lighthouse could not finish has none). */
const median = (all: number[]) => {
  const values = all.filter(Number.isFinite);
  return values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
};

/** `vite build` of `root` with the portal's configuration (apps/web/vite.config.ts), `flags` added. */
export function build(
  root: string,
  outDir: string,
  base = '/',
  flags: string[] = [],
): Record<string, ManifestChunk> {
  const result = spawnSync(
    'npx',
    [
      'vite',
      'build',
      root,
      '--base',
      base,
      '--config',
      'vite.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      ...flags,
    ],
    { cwd: WEB, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(result.stderr || result.stdout);
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/** gzip bytes of the scripts `keys` load before anything runs (their static imports, transitively). */
function firstLoad(manifest: Record<string, ManifestChunk>, dist: string, keys: string[]) {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  let total = 0;
  for (const key of seen)
    total += gzipSync(readFileSync(path.join(dist, manifest[key]!.file))).length;
  return { total, files: new Set([...seen].map((k) => manifest[k]!.file)) };
}

/** The real server on a free loopback port, serving the portal build `dist`, its data in `dataDir`. */
export const serve = (dist: string, dataDir: string) => {
  mkdirSync(dataDir, { recursive: true });
  return startServerProcess({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEB_DIST: dist,
  });
};

/** A bot-check token of the server at `base`, solved as the portal's worker solves it. */
async function botToken(base: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/v1/altcha`)).json()) as Parameters<
    typeof solvedAltchaToken
  >[0];
  return solvedAltchaToken(challenge);
}

/**
 * A complainant signed in to a complaint with files and a long log (LOG_ENTRIES comments), filed
 * through the API as the portal files it: the detail page's row reads it.
 */
export async function signedInComplaint(base: string): Promise<{ ticket: number; token: string }> {
  const { body, headers } = multipart([
    { name: 'denuncia', json: denuncia() },
    { name: 'files', filename: 'acta.pdf', content: pdf(), contentType: 'application/pdf' },
    { name: 'files', filename: 'foto.jpg', content: jpg(640, 480), contentType: 'image/jpeg' },
    { name: 'files', filename: 'captura.png', content: png(320, 240), contentType: 'image/png' },
  ]);
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  const organization = { 'x-filial': HEAD_OFFICE.id };
  const filed = await fetch(`${base}/v1/denuncias`, {
    method: 'POST',
    headers: { ...headers, ...organization, 'x-grecaptcha': await botToken(base) },
    body: Buffer.concat(chunks),
  });
  if (filed.status !== 201)
    throw new Error(`no se pudo ingresar: ${filed.status} ${await filed.text()}`);
  const { ticket } = (await filed.json()) as { ticket: number };
  const json = { ...organization, 'content-type': 'application/json' };
  const login = await fetch(`${base}/v1/denuncias/login`, {
    method: 'POST',
    headers: { ...json, 'x-grecaptcha': await botToken(base) },
    body: JSON.stringify({ ticket, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`no se pudo entrar: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  for (let i = 1; i <= LOG_ENTRIES; i++) {
    const comment = await fetch(`${base}/v1/denuncias/add-comentario`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}`, 'x-grecaptcha': await botToken(base) },
      body: JSON.stringify({
        denuncia_id: ticket,
        comentario: `Antecedente ${i}: el jefe de turno volvió a cambiar mis horarios sin aviso y me pidió no comentarlo con nadie del equipo.`,
      }),
    });
    if (!comment.ok) throw new Error(`no se pudo comentar: ${comment.status}`);
  }
  return { ticket, token };
}

interface LighthouseRun {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  failing: string[];
  /** The LCP element's label and Lighthouse's LCP phases (ms), to read the score audit by audit. */
  lcp: { element: string; phases: Record<string, number> };
  /** The main thread's longest tasks (ms, with their script) and its scripts' time (bootup). */
  tasks: string[];
}

/** The three longest main-thread tasks and the three scripts that took the most of it. */
function tasksOf(audits: Record<string, { details?: unknown }>): string[] {
  type Rows = { items?: Record<string, unknown>[] };
  const file = (url: unknown) => String(url).split('/').pop() ?? '-';
  const long = ((audits['long-tasks']?.details as Rows | undefined)?.items ?? [])
    .slice(0, 3)
    .map((row) => `task ${Math.round(Number(row.duration))} ms (${file(row.url)})`);
  const bootup = ((audits['bootup-time']?.details as Rows | undefined)?.items ?? [])
    .slice(0, 3)
    .map(
      (row) =>
        `${file(row.url)}: ${Math.round(Number(row.total))} ms (script ${Math.round(Number(row.scripting))} ms)`,
    );
  return [...long, ...bootup];
}

/** The LCP element and its phases (TTFB, load delay, load time, render delay) from a report. */
function lcpOf(audits: Record<string, { details?: unknown }>): LighthouseRun['lcp'] {
  type Table = { items?: { items?: Record<string, unknown>[] }[] };
  const tables = (audits['largest-contentful-paint-element']?.details as Table | undefined)?.items;
  const node = tables?.[0]?.items?.[0]?.node as { nodeLabel?: string } | undefined;
  const phases = Object.fromEntries(
    (tables?.[1]?.items ?? []).map((row) => [String(row.phase), Number(row.timing)]),
  );
  return { element: node?.nodeLabel ?? '-', phases };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'first-contentful-paint': 'FCP',
} as const;

async function lighthouseRows(app: ServerProcess) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const complaint = await signedInComplaint(app.baseUrl);
  const detailPath = webPaths.complaintDetail(complaint.ticket);
  const pages = {
    '/': `http://localhost:${app.port}/`,
    '/ingresar-denuncia': `http://localhost:${app.port}/ingresar-denuncia`,
    [detailPath]: `http://localhost:${app.port}${detailPath}`,
    'hello /': `http://localhost:${app.port}/hello/index.html`,
  };
  // The complainant's session is the tab's (sessionStorage, SPEC §4): written as each document of
  // the detail page's runs starts, before the portal reads it.
  const session = JSON.stringify({ ticket: complaint.ticket, token: complaint.token });
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const runs: Record<string, LighthouseRun[]> = {};
  try {
    // Interleaved, so a busy moment of the machine touches every page alike.
    for (let i = 0; i < RUNS; i++)
      for (const [name, url] of Object.entries(pages)) {
        let page: Page | undefined;
        if (name === detailPath) {
          page = await browser.newPage();
          // Runs in the page; not on the blank page Lighthouse starts from (no storage there).
          await page.evaluateOnNewDocument(
            `if (location.pathname.startsWith('/detalle-denuncia/')) sessionStorage.setItem('canal.sesion', ${JSON.stringify(session)});`,
          );
        }
        const result = await lighthouse(
          url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
          undefined,
          page,
        );
        await page?.close();
        const lhr = result!.lhr;
        // BENCH_WEB_LHR_DIR keeps each run's whole report, to read audit by audit.
        if (process.env.BENCH_WEB_LHR_DIR) {
          mkdirSync(process.env.BENCH_WEB_LHR_DIR, { recursive: true });
          writeFileSync(
            path.join(process.env.BENCH_WEB_LHR_DIR, `${name.replace(/\W+/g, '_')}-${i}.json`),
            JSON.stringify(lhr),
          );
        }
        // A run Lighthouse could not finish (the machine too busy to paint in time) is left out.
        if (lhr.runtimeError) {
          console.log(`  (${name}: a run failed: ${lhr.runtimeError.code})`);
          continue;
        }
        (runs[name] ??= []).push({
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
          ),
          metrics: Object.fromEntries(
            Object.keys(METRICS).map((id) => [id, lhr.audits[id]?.numericValue ?? NaN]),
          ),
          lcp: lcpOf(lhr.audits),
          tasks: tasksOf(lhr.audits),
          failing: Object.values(lhr.audits)
            .filter(
              (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
            )
            .map((a) => a.id),
        });
      }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  const summary = (name: string) => {
    const list = runs[name] ?? [];
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, median(list.map((r) => r.scores[c]!))]),
    );
    const metrics = Object.fromEntries(
      Object.keys(METRICS).map((id) => [id, median(list.map((r) => r.metrics[id]!))]),
    );
    const phases = [...new Set(list.flatMap((r) => Object.keys(r.lcp.phases)))].map(
      (phase) =>
        `${phase} ${(median(list.map((r) => r.lcp.phases[phase] ?? NaN)) / 1000).toFixed(2)} s`,
    );
    return {
      runs: list.length,
      scores,
      metrics,
      failing: [...new Set(list.flatMap((r) => r.failing))],
      lcp: `${[...new Set(list.map((r) => r.lcp.element.slice(0, 60)))].join(' | ')}; ${phases.join(', ')}`,
      // The last run's, as an example of where the main thread's time went.
      tasks: list.at(-1)?.tasks ?? [],
    };
  };
  const floor = summary('hello /');
  const show = (m: Record<string, number>) =>
    Object.entries(METRICS)
      .map(([id, label]) =>
        id === 'cumulative-layout-shift'
          ? `${label} ${m[id]!.toFixed(3)}`
          : `${label} ${(m[id]! / (id === 'total-blocking-time' ? 1 : 1000)).toFixed(id === 'total-blocking-time' ? 0 : 2)}${id === 'total-blocking-time' ? ' ms' : ' s'}`,
      )
      .join(', ');
  for (const name of ['/', '/ingresar-denuncia', detailPath]) {
    const { runs: finished, scores, metrics, failing, lcp, tasks } = summary(name);
    console.log(
      `Lighthouse mobile ${name} (median of ${finished} runs): performance / accessibility / best practices / SEO ` +
        `${CATEGORIES.map((c) => scores[c]).join(' / ')}; floor (hello) ${CATEGORIES.map((c) => floor.scores[c]).join(' / ')}; ` +
        `performance ratio ${ratio(scores.performance!, floor.scores.performance!)} (goal ≥ 0.97 of the floor / 100 / 100 / 100)`,
    );
    console.log(`  ${show(metrics)}; floor ${show(floor.metrics)}`);
    console.log(
      `  LCP ratio ${ratio(metrics['largest-contentful-paint']!, floor.metrics['largest-contentful-paint']!)} (goal ≤ 1.2), ` +
        `TBT ratio ${ratio(metrics['total-blocking-time']!, floor.metrics['total-blocking-time']!)} (goal ≤ 2)`,
    );
    console.log(`  LCP element: ${lcp}`);
    if (failing.length) console.log(`  audits below 0.9 in some run: ${failing.join(', ')}`);
    if (tasks.length) console.log(`  main thread (last run): ${tasks.join('; ')}`);
  }
}

/**
 * The complainant's PDF summary (SPEC §2, built in the browser by the document writer): the sample complaint with
 * the head office's logo rasterised by Chromium exactly as the portal does, against the same
 * summary without a logo (the floor: text and layout alone).
 */
async function pdfRow(app: ServerProcess) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${app.baseUrl}/`);
    const logo = await page.evaluate(
      // The function's source runs in the page (it draws on a canvas).
      new Function('args', `return (${rasterize.toString()})(args.logo, args.scale)`) as (args: {
        logo: { url: string; width: number; height: number };
        scale: number;
      }) => Promise<{ dataUrl: string; width: number; height: number }>,
      { logo: brandAssets(HEAD_OFFICE).pdfLogo, scale: 3 },
    );
    const detail = fromDenunciaDetalle(detalle);
    const now = new Date();
    const size = async (withLogo: boolean) =>
      (await buildSummaryPdf(detail, [], HEAD_OFFICE, now, withLogo ? logo : null)).byteLength;
    const withLogo = await size(true);
    const floor = await size(false);
    console.log(
      `PDF summary (head office, sample complaint): ${(withLogo / 1000).toFixed(1)} KB; floor (no logo) ${(floor / 1000).toFixed(1)} KB; ratio ${ratio(withLogo, floor)} (goal ≤ 60 KB)`,
    );
  } finally {
    await browser.close();
  }
}

export async function run() {
  console.log('== Web');
  const work = mkdtempSync(path.join(tmpdir(), 'canal-web-bench-'));
  const dist = path.join(work, 'app');
  // The hello is served by the same server, from /hello/ (one server start: slow on a busy machine).
  const helloDist = path.join(dist, 'hello');
  const started: ServerProcess[] = [];
  try {
    const manifest = build(WEB, dist);
    const helloManifest = build(HELLO, helloDist, '/hello/');
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const home = Object.keys(manifest).find((k) => k.endsWith('src/routes/home.tsx'));
    const first = firstLoad(manifest, dist, [entry, ...(home ? [home] : [])]);
    const floor = firstLoad(
      helloManifest,
      helloDist,
      Object.keys(helloManifest).filter((k) => helloManifest[k]!.isEntry),
    );
    console.log(
      `first-load JavaScript of / (gzip): ${kib(first.total)} (${first.total} bytes); floor (React + React Router + TanStack Query hello, same build) ${kib(floor.total)} (${floor.total} bytes); ratio ${(first.total / floor.total).toFixed(3)} (goal ≤ 1.07, ${Math.floor(floor.total * 1.07)} bytes; budget 150 KiB)`,
    );
    for (const [key, chunk] of Object.entries(manifest)) {
      if (first.files.has(chunk.file) || !chunk.file.endsWith('.js')) continue;
      const size = gzipSync(readFileSync(path.join(dist, chunk.file))).length;
      if (size >= 4096) console.log(`  on demand: ${chunk.file} ${kib(size)} (${key})`);
    }
    if (!LIGHTHOUSE) return;
    spawnSync(process.execPath, ['--import', 'tsx', 'documents/build-documents.ts', dist], {
      cwd: WEB,
    });
    const app = await serve(dist, path.join(work, 'data-app'));
    started.push(app);
    await pdfRow(app);
    await lighthouseRows(app);
  } finally {
    for (const server of started) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
