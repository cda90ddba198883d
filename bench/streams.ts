// File streaming and memory (issues 2 and 13): uploads and a download through the compiled server
// (`apps/api/dist/server.js`, what production runs) against a floor measured in the same run
// under the same load — a bare Node `http` server piping the body to a file on the same disk
// (fsync at the end, as the store does) and streaming a file back — plus the server's RSS growth
// during five concurrent uploads and its RSS after start on PGlite and on PostgreSQL.
//
// Every timed row runs with two busy background processes (spinning children), and the client
// that uploads or downloads is a process of its own, so the server and the floor each compete
// for the same two cores the same way. Each row: median [range] over REPEAT runs of seconds and
// of the server's CPU seconds (/proc/<pid>/stat utime+stime), then ours / floor.
// Prints figures; asserts nothing. Run: `node --import tsx bench/streams.ts` (or `npm run bench`).
// The PostgreSQL rows need DATABASE_URL (a database of its own is created and dropped).
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEAD_OFFICE, PASSWORD } from '@canal/test-support/complaints';
import { freshPostgres } from '@canal/test-support/cluster';
import { REPO_ROOT, startServerProcess } from '@canal/test-support/server-process';
import { rssKb, serverNodeFlags } from './support/processes';
import { backgroundLoad, client, FILE_BYTES, filing, startFloor } from './support/stream-clients';

const MiB = 1024 * 1024;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2); // 2: the whole bench in about 4 minutes
/** Rows to run (BENCH_ROWS=upload,download,memory,start; all by default). */
const ROWS = (process.env.BENCH_ROWS ?? 'upload,download,memory,start').split(',');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[], digits = 2) =>
  `${median(xs).toFixed(digits)} [${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}]`;

function row(
  label: string,
  ours: { seconds: number; cpu: number }[],
  floor: { seconds: number; cpu: number }[],
) {
  const ratio = ours.map((o, i) => o.seconds / floor[i]!.seconds);
  const cpuRatio = ours.map((o, i) => o.cpu / Math.max(0.01, floor[i]!.cpu));
  console.log(
    `${label}: ours ${range(ours.map((o) => o.seconds))} s, floor ${range(floor.map((f) => f.seconds))} s, ` +
      `ratio ${range(ratio)} (goal ≤ 1.5); server CPU ${range(ours.map((o) => o.cpu))} s vs floor ` +
      `${range(floor.map((f) => f.cpu))} s, ratio ${range(cpuRatio)} (goal ≤ 1.5)`,
  );
}

/** Builds the API (npm run build:api) unless BENCH_NO_BUILD is set. */
export function compiledServer(): string[] {
  if (!process.env.BENCH_NO_BUILD)
    execFileSync(process.execPath, ['scripts/build-api.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  return [...serverNodeFlags(), 'apps/api/dist/server.js'];
}

export const serverEnv = (dataDir: string, databaseUrl = '') => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  BOT_CHECK: 'off',
  API_DOCS: 'off',
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  DATABASE_URL: databaseUrl,
  // One client files every upload: the per-client filing limit (5 an hour) would refuse some.
  FILINGS_PER_HOUR: '1000',
});

/** Upload and download rows. */
export async function streaming(args: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'canal-bench-streams-'));
  const floorDir = path.join(dir, 'floor');
  const dataDir = path.join(dir, 'data');
  execFileSync('mkdir', ['-p', floorDir]);
  const floor = await startFloor(floorDir);
  const server = await startServerProcess(serverEnv(dataDir), 'ignore', { args });
  const pid = server.child.pid!;
  const load = backgroundLoad();
  try {
    // Warm-up, so the first run is not the one that loads argon2, templates and the JIT.
    await client(pid, server.port, [filing(1, 16 * MiB)]);
    await client(floor.child.pid!, floor.port, [filing(1, 16 * MiB)]);

    const ours: { seconds: number; cpu: number }[] = [];
    const bare: { seconds: number; cpu: number }[] = [];
    for (let i = 0; i < (ROWS.includes('upload') ? REPEAT : 0); i++) {
      const o = await client(pid, server.port, [filing(5)]);
      if (o.statuses[0] !== 201) throw new Error(`upload: HTTP ${o.statuses.join(',')}`);
      ours.push(o);
      bare.push(await client(floor.child.pid!, floor.port, [filing(5)]));
      execFileSync('sh', ['-c', `rm -f ${floorDir}/up-*`]);
    }
    if (ours.length) row('5 × 120 MiB in one filing', ours, bare);

    if (ROWS.includes('download')) await download(pid, server, floor, floorDir);
  } finally {
    load.stop();
    server.child.kill('SIGKILL');
    floor.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One 120 MiB download through the signed link (the complainant's own file), against the floor
 * streaming a file of the same size from the same disk.
 */
async function download(
  pid: number,
  server: { port: number; baseUrl: string },
  floor: { child: ChildProcess; port: number },
  floorDir: string,
) {
  const created = await client(pid, server.port, [filing(1)]);
  if (created.statuses[0] !== 201) throw new Error('download: filing failed');
  const base = server.baseUrl;
  const { ticket } = JSON.parse(created.body) as { ticket: number };
  const login = await fetch(`${base}/v1/denuncias/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-filial': HEAD_OFFICE },
    body: JSON.stringify({ ticket, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const files = (await (
    await fetch(`${base}/v1/denuncias/${ticket}/adjuntos`, {
      headers: { authorization: `Bearer ${token}`, 'x-filial': HEAD_OFFICE },
    })
  ).json()) as { path: string; size: number }[];
  const link = files[0]!.path;
  execFileSync('sh', ['-c', `head -c ${FILE_BYTES} /dev/urandom > ${floorDir}/file`]);
  const down: { seconds: number; cpu: number }[] = [];
  const downFloor: { seconds: number; cpu: number }[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const o = await client(pid, server.port, [{ method: 'GET', path: link }]);
    if (o.statuses[0] !== 200 || o.bytes !== FILE_BYTES)
      throw new Error(`download: HTTP ${o.statuses[0]}, ${o.bytes} bytes`);
    down.push(o);
    downFloor.push(await client(floor.child.pid!, floor.port, [{ method: 'GET', path: '/file' }]));
  }
  row('1 × 120 MiB download, signed link', down, downFloor);
}

/**
 * The server's RSS growth during five filings of one 120 MiB file each, at once, on a server of
 * its own (PGlite; PostgreSQL too when DATABASE_URL is set), under the same background load.
 * Round 1 is the first such burst after start (one 16 MiB filing before it): it also holds what
 * any first burst grows once and keeps (V8's heap and young generation reaching their working
 * size, malloc's arenas, PGlite's WASM memory, which never shrinks); the later rounds start from
 * the level the first left, and grow only by what the uploads themselves hold.
 */
export async function rssGrowth(args: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'canal-bench-rss-growth-'));
  const database = process.env.DATABASE_URL
    ? await freshPostgres(
        process.env.DATABASE_URL,
        `wt_stream_growth_${randomBytes(4).toString('hex')}`,
      )
    : null;
  const load = backgroundLoad();
  const rounds = Math.max(2, REPEAT + 1);
  try {
    const targets: [string, Record<string, string>][] = [
      ['PGlite', serverEnv(path.join(dir, 'pglite'))],
      ...(database
        ? [
            ['PostgreSQL', serverEnv(path.join(dir, 'pg'), database.url)] as [
              string,
              Record<string, string>,
            ],
          ]
        : []),
    ];
    for (const [label, env] of targets) {
      const server = await startServerProcess(env, 'ignore', { args });
      const pid = server.child.pid!;
      try {
        await client(pid, server.port, [filing(1, 16 * MiB)]);
        const figures: string[] = [];
        const growth: number[] = [];
        for (let i = 0; i < rounds; i++) {
          await sleep(500);
          const baseline = rssKb(pid);
          let peak = baseline;
          const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
          const o = await client(
            pid,
            server.port,
            Array.from({ length: 5 }, () => filing(1)),
          );
          clearInterval(sampler);
          if (o.statuses.some((s) => s !== 201))
            throw new Error(`uploads: ${o.statuses.join(',')}`);
          growth.push((peak - baseline) / 1024);
          figures.push(
            `${Math.round(baseline / 1024)} -> ${Math.round(peak / 1024)} MB (+${Math.round((peak - baseline) / 1024)}, ${o.seconds.toFixed(0)} s)`,
          );
        }
        console.log(
          `5 × 120 MiB uploads at once, ${label} server, RSS growth: first after start ` +
            `+${Math.round(growth[0]!)} MB; warm (rounds 2–${rounds}) ` +
            `+${Math.round(Math.min(...growth.slice(1)))}–${Math.round(Math.max(...growth.slice(1)))} MB ` +
            `(goal < 64 MB); rounds: ${figures.join('; ')}`,
        );
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
  } finally {
    load.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** RSS of a server two seconds after it answers: first start (empty folder) and a restart. */
export async function rssAfterStart(args: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'canal-bench-rss-'));
  const database = process.env.DATABASE_URL
    ? await freshPostgres(
        process.env.DATABASE_URL,
        `wt_stream_rss_${randomBytes(4).toString('hex')}`,
      )
    : null;
  try {
    const measure = async (label: string, env: Record<string, string>) => {
      const server = await startServerProcess(env, 'ignore', { args });
      await sleep(2000);
      const rss = rssKb(server.child.pid!) / 1024;
      server.child.kill('SIGTERM');
      await server.exited;
      return `${label} ${Math.round(rss)} MB`;
    };
    const pglite = serverEnv(path.join(dir, 'pglite'));
    const figures = [await measure('PGlite first start', pglite), await measure('restart', pglite)];
    if (database) {
      const pg = serverEnv(path.join(dir, 'pg'), database.url);
      figures.push(await measure('PostgreSQL first start', pg), await measure('restart', pg));
    } else figures.push('PostgreSQL: DATABASE_URL not set');
    console.log(`server RSS after start (goal PGlite ≤ 400 MB): ${figures.join(', ')}`);
  } finally {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  console.log('== streams');
  const args = compiledServer();
  if (ROWS.includes('upload') || ROWS.includes('download')) await streaming(args);
  if (ROWS.includes('memory')) await rssGrowth(args);
  if (ROWS.includes('start')) await rssAfterStart(args);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
