// Where a portal page's main thread goes on a phone (issue 26): the page loaded in Chromium at 4×
// CPU, traced, and each task over 30 ms printed with what it is made of (parsing, style, layout,
// paint, module evaluation) and the functions that took its time, source-mapped to the repo's files
// and packages. A reading aid beside `npm run bench -- web` (Lighthouse's figures): it measures one
// load, prints, asserts nothing. Builds the portal with source maps unless PROF_NOBUILD=1.
//   node --import tsx bench/page-profile.ts                  /ingresar-denuncia, one load
//   PROF_PATH=/ PROF_RUNS=3 node --import tsx bench/page-profile.ts
//   PROF_PATH=detail ...   the signed-in detail page of a complaint with a long log and files
//   PROF_DIST=/tmp/x       where the build goes (kept; with PROF_NOBUILD=1, reused)
//   PROF_RESOURCES=1       also the page's requests (start, end, bytes)
// Serves the build itself (the real server, loopback only) and stops it by pid.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@canal/test-support/chromium';
import { build, serve, signedInComplaint, WEB } from './web';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; stackTrace?: { url?: string }[] } };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const DIST = process.env.PROF_DIST ?? path.join(tmpdir(), 'canal-page-profile');
const RUNS = Number(process.env.PROF_RUNS ?? 1);
/** A task longer than this is printed; Lighthouse's TBT counts what passes 50 ms. */
const SHOWN_MS = 30;
/** Wrappers: their time is their children's, named below them. */
const WRAPPERS = new Set([
  'ThreadControllerImpl::RunTask',
  'RunTask',
  'Receive mojo message',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
  'v8.callFunction',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'RunMicrotasks',
  'v8.run',
  'V8.Execute',
]);

const maps = new Map<string, SourceMapConsumer | null>();
/** A profile frame → `source:line name`, through the build's source maps. */
async function sourceOf(frame: CallFrame): Promise<string> {
  if (!frame.url) return `(${frame.functionName || 'native'})`;
  const file = frame.url.replace(/^https?:\/\/[^/]+\//, '');
  if (!file.startsWith('assets/')) return `${file}:${frame.lineNumber}`;
  if (!maps.has(file)) {
    const map = path.join(DIST, `${file}.map`);
    maps.set(
      file,
      existsSync(map)
        ? await new SourceMapConsumer(
            JSON.parse(readFileSync(map, 'utf8')) as ConstructorParameters<
              typeof SourceMapConsumer
            >[0],
          )
        : null,
    );
  }
  const consumer = maps.get(file);
  if (!consumer) return `${file}:${frame.lineNumber}`;
  const at = consumer.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  const source = (at.source ?? '?')
    .replace(/^.*node_modules\//, 'nm/')
    .replace(/^(\.\.\/)+(work\/[^/]+\/)?/, '');
  return `${source}:${at.line} ${at.name ?? ''}`;
}

const contains = (outer: TraceEvent, inner: TraceEvent) =>
  outer.ts <= inner.ts && outer.ts + (outer.dur ?? 0) >= inner.ts + (inner.dur ?? 0);

/** Each kind of work inside `task`, by its own time (not its children's). */
function workOf(task: TraceEvent, thread: TraceEvent[]): [string, number][] {
  const leaves = thread.filter(
    (e) => e !== task && contains(task, e) && !WRAPPERS.has(e.name) && (e.dur ?? 0) > 0,
  );
  const byKind = new Map<string, number>();
  for (const leaf of leaves) {
    const children = leaves.filter(
      (o) =>
        o !== leaf &&
        contains(leaf, o) &&
        !leaves.some((m) => m !== o && m !== leaf && contains(leaf, m) && contains(m, o)),
    );
    const own = leaf.dur! - children.reduce((sum, c) => sum + c.dur!, 0);
    const url = String(leaf.args?.data?.url ?? leaf.args?.data?.stackTrace?.[0]?.url ?? '')
      .split('/')
      .pop();
    const kind = url ? `${leaf.name} ${url}` : leaf.name;
    byKind.set(kind, (byKind.get(kind) ?? 0) + own);
  }
  return [...byKind].sort((a, b) => b[1] - a[1]);
}

/** The functions the CPU profile saw running during `task`, by self time. */
async function functionsOf(task: TraceEvent, profile: CpuProfile): Promise<[string, number][]> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const end = task.ts + task.dur!;
  const self = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    const next = at + (profile.timeDeltas[i + 1] ?? 0);
    if (at < task.ts || at > end) continue;
    const key = await sourceOf(nodes.get(profile.samples[i]!)!);
    self.set(key, (self.get(key) ?? 0) + (next - at));
  }
  return [...self].sort((a, b) => b[1] - a[1]);
}

export async function run() {
  if (process.env.PROF_NOBUILD !== '1') build(WEB, DIST, '/', ['--sourcemap']);
  const dataDir = path.join(tmpdir(), `canal-page-profile-data-${process.pid}`);
  const app = await serve(DIST, dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    let pathname = process.env.PROF_PATH ?? '/ingresar-denuncia';
    let session = '';
    if (pathname === 'detail') {
      const complaint = await signedInComplaint(app.baseUrl);
      pathname = `/detalle-denuncia/${complaint.ticket}`;
      session = JSON.stringify({ ticket: complaint.ticket, token: complaint.token });
    }
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      if (session)
        await page.addInitScript(
          `sessionStorage.setItem('canal.sesion', ${JSON.stringify(session)})`,
        );
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,loading,toplevel',
        transferMode: 'ReportEvents',
      });
      await cdp.send('Profiler.start');
      await page.goto(app.baseUrl + pathname, { waitUntil: 'load' });
      await page.waitForTimeout(5000);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      if (process.env.PROF_RESOURCES === '1')
        console.log(
          await page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .map((e) => e as PerformanceResourceTiming)
              .map(
                (e) =>
                  `  ${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ms ${e.encodedBodySize} B ${e.name.replace(location.origin, '')}`,
              )
              .join('\n'),
          ),
        );
      await context.close();

      // The renderer's main thread: the one that parsed and ran the page.
      const busy = new Map<string, number>();
      for (const e of events)
        if (['ParseHTML', 'EvaluateScript', 'FunctionCall'].includes(e.name))
          busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
      const [main] = [...busy].sort((a, b) => b[1] - a[1])[0]!;
      const thread = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
      const tasks = thread
        .filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask')
        .filter((e) => e.dur! > SHOWN_MS * 1000)
        .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
        .filter((e, i, all) => !all.slice(0, i).some((o) => contains(o, e)));
      const start = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
      const fcp = events.find((e) => e.name === 'firstContentfulPaint');
      const ms = (us: number) => (us / 1000).toFixed(1);
      console.log(
        `${pathname}, load ${run + 1}: FCP at ${fcp ? ms(fcp.ts - start) : '?'} ms (4× CPU)`,
      );
      let blocking = 0;
      for (const task of tasks) {
        blocking += Math.max(0, task.dur! / 1000 - 50);
        console.log(`  task at ${ms(task.ts - start)} ms: ${ms(task.dur!)} ms`);
        for (const [kind, own] of workOf(task, thread).slice(0, 8))
          console.log(`    ${ms(own).padStart(7)} ms  ${kind}`);
        for (const [source, own] of (await functionsOf(task, profile)).slice(0, 10))
          console.log(`    ${ms(own).padStart(7)} ms  js ${source}`);
      }
      console.log(
        `  tasks' time past 50 ms, summed (Lighthouse's TBT counts it after FCP): ${blocking.toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    app.child.kill('SIGKILL');
    await app.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
