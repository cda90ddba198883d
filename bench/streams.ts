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
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { denuncia, HEAD_OFFICE, PASSWORD } from '../apps/api/test/support/complaints';
import { pdf } from '../apps/api/test/support/files';
import { BOUNDARY as UPLOAD_BOUNDARY } from '../apps/api/test/support/multipart';
import { freshPostgres } from '../apps/api/test/support/cluster';
import { freePort, REPO_ROOT, startServerProcess } from '../apps/api/test/support/server-process';
import { cpuSeconds, rssKb, serverNodeFlags } from './support/processes';

const MiB = 1024 * 1024;
const FILE_BYTES = 120 * MiB;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2); // 2: the whole bench in about 4 minutes
/** Rows to run (BENCH_ROWS=upload,download,memory,start; all by default). */
const ROWS = (process.env.BENCH_ROWS ?? 'upload,download,memory,start').split(',');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One 120 MB upload streamed to the server from this process; resolves with the HTTP status
 * (bench/cluster.ts; the rows below use a client process of their own).
 */
export function upload(port: number, size = 120 * 1024 * 1024): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/denuncias',
        headers: {
          'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
          'x-filial': HEAD_OFFICE,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(
      `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n${JSON.stringify(denuncia())}\r\n`,
    );
    req.write(
      `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="video.pdf"\r\n\r\n`,
    );
    req.write(pdf());
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = size - pdf().length;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
          return void req.once('drain', pump);
      }
      req.end(`\r\n--${UPLOAD_BOUNDARY}--\r\n`);
    };
    pump();
  });
}

/** Two processes spinning on the CPU, as the other tenants of a shared machine would. */
export function backgroundLoad(): { stop: () => void } {
  const spinners = [0, 1].map(() =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return { stop: () => spinners.forEach((c) => c.kill('SIGKILL')) };
}

/**
 * The floor: bare Node `http`. POST pipes the body to a new file in `dir` (fsync before the
 * answer); GET /file streams `dir/file` back.
 */
const FLOOR = `
const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
const [dir, port] = process.argv.slice(1);
let n = 0;
http.createServer((req, res) => {
  if (req.method === 'POST') {
    const out = fs.createWriteStream(path.join(dir, 'up-' + n++), { flush: true });
    req.pipe(out).on('finish', () => res.writeHead(201).end('{}'));
  } else {
    const file = path.join(dir, 'file');
    res.writeHead(200, { 'content-length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  }
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
`;

export async function startFloor(dir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', FLOOR, dir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return { child, port };
}

/**
 * The load generator, in a process of its own: `requests` (JSON) are sent at once; it prints
 * {seconds, statuses, bytes}. A POST is a multipart body of a JSON part and file parts, each
 * `head` (base64) then filler up to `size`; a GET reads the answer and throws it away.
 */
const CLIENT = `
const http = require('node:http');
const { port, requests, boundary } = JSON.parse(process.argv[1]);
const filler = require('node:crypto').randomBytes(64 * 1024);
function one(r) {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let text = '';
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers }, (res) => {
      res.on('data', (c) => {
        bytes += c.length;
        if (text.length < 4096) text += c.toString();
      });
      res.on('end', () => resolve([res.statusCode, bytes, text]));
    });
    req.on('error', reject);
    if (r.method === 'GET') return req.end();
    const parts = r.parts.slice();
    let left = 0;
    let first = true;
    const pump = () => {
      for (;;) {
        while (left > 0) {
          const n = Math.min(left, filler.length);
          left -= n;
          if (!req.write(n === filler.length ? filler : filler.subarray(0, n))) return void req.once('drain', pump);
        }
        const p = parts.shift();
        if (!p) return void req.end('\\r\\n--' + boundary + '--\\r\\n');
        const open = (first ? '' : '\\r\\n') + '--' + boundary + '\\r\\nContent-Disposition: form-data; name=';
        first = false;
        if (p.json !== undefined) {
          req.write(open + '"' + p.name + '"\\r\\n\\r\\n' + p.json);
          continue;
        }
        const head = Buffer.from(p.head, 'base64');
        req.write(open + '"files"; filename="' + p.filename + '"\\r\\nContent-Type: application/pdf\\r\\n\\r\\n');
        req.write(head);
        left = p.size - head.length;
      }
    };
    pump();
  });
}
const started = performance.now();
Promise.all(requests.map(one)).then((results) => {
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, statuses: results.map((r) => r[0]), bytes: results.reduce((s, r) => s + r[1], 0), body: requests[0].method === 'GET' ? '' : results[0][2] }));
});
`;

const BOUNDARY = '----canal-bench-streams';

interface ClientRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  parts?: ({ name: string; json: string } | { filename: string; head: string; size: number })[];
}

/** Runs the client process; resolves with its figures and the server's CPU seconds meanwhile. */
export async function client(
  serverPid: number,
  port: number,
  requests: ClientRequest[],
): Promise<{ seconds: number; cpu: number; statuses: number[]; bytes: number; body: string }> {
  const child = spawn(
    process.execPath,
    ['-e', CLIENT, JSON.stringify({ port, requests, boundary: BOUNDARY })],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const cpuBefore = cpuSeconds(serverPid);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  const cpu = cpuSeconds(serverPid) - cpuBefore;
  const figures = JSON.parse(out) as {
    seconds: number;
    statuses: number[];
    bytes: number;
    body: string;
  };
  return { ...figures, cpu };
}

/** A filing with `files` files of FILE_BYTES each (a PDF head, then filler). */
export function filing(files: number, size = FILE_BYTES): ClientRequest {
  const head = pdf().toString('base64');
  return {
    method: 'POST',
    path: '/v1/denuncias',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'x-filial': HEAD_OFFICE,
    },
    parts: [
      { name: 'denuncia', json: JSON.stringify(denuncia()) },
      ...Array.from({ length: files }, (_, i) => ({ filename: `video-${i}.pdf`, head, size })),
    ],
  };
}

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
function compiledServer(): string[] {
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
