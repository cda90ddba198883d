// Resumable uploads (issue 21, decisions 0055 and 0074): one 120 MiB file sent over tus to the
// compiled server (`apps/api/dist/server.js`) — creation, one PATCH of the whole file (what
// tus-js-client sends on a line that does not drop), then the call that attaches it — beside
// today's single multipart request (a filing with the same file) and beside the raw floor (a bare
// Node `http` server piping the body to a file on the same disk, fsync at the end), measured in
// the same run under the same load (two spinning background processes; each client a process of
// its own), plus the server's RSS growth during one resumable upload and during five at once
// (DESIGN §7: a 120 MB upload, and five at once, grow the server's memory by less than 64 MB),
// beside the single multipart request's growth measured the same way.
// Each timed row: median [range] over REPEAT runs. Prints figures; asserts nothing.
// BENCH_UPLOADS=memory runs the RSS rows only (one tus upload, five at once), without the timed
// comparison with the multipart request and the floor: RSS needs no quiet machine.
// BENCH_SERVER_OUTPUT=inherit shows the server's output: with BENCH_SERVER_NODE_FLAGS=
// "--max-semi-space-size=1 --trace-gc", its garbage collections (docs/bench/uploads.md, round 3).
// Run: `npm run bench -- uploads` (or `node --import tsx bench/uploads.ts`). PostgreSQL:
// DATABASE_URL (default the machine's `test`), a database of its own created and dropped, where
// the complaint is put in «Faltan antecedentes», the status that opens the complainant's uploads.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMAIL, HEAD_OFFICE, PASSWORD } from '@canal/test-support/complaints';
import { freshPostgres } from '@canal/test-support/cluster';
import { pdf } from '@canal/test-support/files';
import { startServerProcess } from '@canal/test-support/server-process';
import { cpuSeconds, rssKb } from './support/processes';
import { backgroundLoad, client, FILE_BYTES, filing, startFloor } from './support/stream-clients';
import { compiledServer, serverEnv } from './streams';

const MiB = 1024 * 1024;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 2);
const MEMORY_ONLY = process.env.BENCH_UPLOADS === 'memory';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[], digits = 2) =>
  `${median(xs).toFixed(digits)} [${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}]`;

/**
 * The tus client, in a process of its own: `count` uploads of `size` bytes at once (each a
 * creation, then one PATCH of the whole file: a PDF head, then filler), then one upload-files
 * call naming them all. Prints {seconds, statuses}.
 */
const TUS_CLIENT = `
const http = require('node:http');
const { port, headers, size, count, head, ticket, email, boundary } = JSON.parse(process.argv[1]);
const filler = require('node:crypto').randomBytes(64 * 1024);
const call = (method, path, extra, body) => new Promise((resolve, reject) => {
  const req = http.request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...extra } }, (res) => {
    let text = '';
    res.on('data', (c) => (text += c));
    res.on('end', () => resolve({ status: res.statusCode, location: res.headers.location, text }));
  });
  req.on('error', reject);
  if (typeof body === 'function') return body(req);
  req.end(body);
});
const pump = (req) => {
  const first = Buffer.from(head, 'base64');
  req.write(first);
  let left = size - first.length;
  const go = () => {
    while (left > 0) {
      const n = Math.min(left, filler.length);
      left -= n;
      if (!req.write(n === filler.length ? filler : filler.subarray(0, n))) return void req.once('drain', go);
    }
    req.end();
  };
  go();
};
async function one(i) {
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await call('POST', '/v1/denuncias/subidas', {
    ...tus,
    'upload-length': String(size),
    'upload-metadata': 'filename ' + Buffer.from('video-' + i + '.pdf').toString('base64'),
  });
  if (created.status !== 201) return [created.status, null];
  const patched = await call('PATCH', created.location, {
    ...tus,
    'content-type': 'application/offset+octet-stream',
    'content-length': String(size),
    'upload-offset': '0',
  }, pump);
  return [patched.status, created.location.split('/').pop()];
}
const started = performance.now();
Promise.all(Array.from({ length: count }, (_, i) => one(i))).then(async (results) => {
  const json = JSON.stringify({ codigo: ticket, comentario: '', usuario: email, subidas: results.map((r) => r[1]) });
  const body = '--' + boundary + '\\r\\nContent-Disposition: form-data; name="bitacora"\\r\\n\\r\\n' + json + '\\r\\n--' + boundary + '--\\r\\n';
  const attached = await call('POST', '/v1/denuncias/upload-files', { 'content-type': 'multipart/form-data; boundary=' + boundary }, body);
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, statuses: [...results.map((r) => r[0]), attached.status] }));
});
`;

interface Complainant {
  port: number;
  ticket: number;
  token: string;
}

/** Runs the tus client; resolves with its figures, the server's CPU seconds and its RSS peak. */
async function resumable(pid: number, who: Complainant, count: number) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      TUS_CLIENT,
      JSON.stringify({
        port: who.port,
        headers: { 'x-filial': HEAD_OFFICE, authorization: `Bearer ${who.token}` },
        size: FILE_BYTES,
        count,
        head: pdf().toString('base64'),
        ticket: who.ticket,
        email: EMAIL,
        boundary: '----canal-bench-uploads',
      }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const cpuBefore = cpuSeconds(pid);
  const baseline = rssKb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  const figures = JSON.parse(out) as { seconds: number; statuses: number[] };
  if (figures.statuses.some((s) => s !== 204 && s !== 201))
    throw new Error(`tus: HTTP ${figures.statuses.join(',')}`);
  return { ...figures, cpu: cpuSeconds(pid) - cpuBefore, growthMb: (peak - baseline) / 1024 };
}

export async function run() {
  console.log('== uploads');
  const args = compiledServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'canal-bench-uploads-'));
  const floorDir = path.join(dir, 'floor');
  const database = await freshPostgres(
    DATABASE_URL,
    `wt_uploads_${randomBytes(4).toString('hex')}`,
  );
  mkdirSync(floorDir);
  const floor = await startFloor(floorDir);
  const server = await startServerProcess(
    serverEnv(path.join(dir, 'data'), database.url),
    process.env.BENCH_SERVER_OUTPUT === 'inherit' ? 'inherit' : 'ignore',
    {
      args,
    },
  );
  const pid = server.child.pid!;
  const load = backgroundLoad();
  try {
    // A complaint the resumable uploads are for, in the status that opens uploads: one for the
    // single uploads, one for the rounds of five (the quota is 2 GB per complaint).
    const complainant = async (): Promise<Complainant> => {
      const created = await client(pid, server.port, [filing(1, MiB)]);
      if (created.statuses[0] !== 201) throw new Error('filing failed');
      const { ticket } = JSON.parse(created.body) as { ticket: number };
      await database.query(
        `UPDATE complaints SET status = 'Faltan antecedentes' WHERE ticket = $1`,
        [ticket],
      );
      const login = await fetch(`${server.baseUrl}/v1/denuncias/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-filial': HEAD_OFFICE },
        body: JSON.stringify({ ticket, password: PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      return { port: server.port, ticket, token };
    };
    // Warm-up, so the first run is not the one that loads argon2, templates and the JIT.
    await client(pid, server.port, [filing(1, 16 * MiB)]);
    await client(floor.child.pid!, floor.port, [filing(1, 16 * MiB)]);
    const who = await complainant();
    await resumable(pid, who, 1);

    const tus: { seconds: number; cpu: number; growthMb: number }[] = [];
    const single: { seconds: number; cpu: number }[] = [];
    const singleGrowth: number[] = [];
    const bare: { seconds: number; cpu: number }[] = [];
    for (let i = 0; i < REPEAT && MEMORY_ONLY; i++) {
      await sleep(500);
      tus.push(await resumable(pid, who, 1));
    }
    for (let i = 0; i < REPEAT && !MEMORY_ONLY; i++) {
      await sleep(500);
      tus.push(await resumable(pid, who, 1));
      await sleep(500);
      const baseline = rssKb(pid);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
      const o = await client(pid, server.port, [filing(1)]);
      clearInterval(sampler);
      if (o.statuses[0] !== 201) throw new Error(`multipart: HTTP ${o.statuses.join(',')}`);
      single.push(o);
      singleGrowth.push((peak - baseline) / 1024);
      bare.push(await client(floor.child.pid!, floor.port, [filing(1)]));
      execFileSync('sh', ['-c', `rm -f ${floorDir}/up-*`]);
    }
    const mibPerS = (xs: { seconds: number }[]) => xs.map((x) => FILE_BYTES / MiB / x.seconds);
    const ratio = (a: { seconds: number }[], b: { seconds: number }[]) =>
      a.map((x, i) => x.seconds / b[i]!.seconds);
    if (!MEMORY_ONLY)
      console.log(
        `1 × 120 MiB resumable (tus creation + one PATCH + attach): ${range(tus.map((t) => t.seconds))} s, ` +
          `${range(mibPerS(tus), 1)} MiB/s; single multipart request (filing) ${range(single.map((s) => s.seconds))} s, ` +
          `${range(mibPerS(single), 1)} MiB/s; raw floor ${range(bare.map((b) => b.seconds))} s, ` +
          `${range(mibPerS(bare), 1)} MiB/s; tus / floor ${range(ratio(tus, bare))}, tus / multipart ` +
          `${range(ratio(tus, single))}; server CPU tus ${range(tus.map((t) => t.cpu))} s vs multipart ` +
          `${range(single.map((s) => s.cpu))} s`,
      );
    console.log(
      `1 × 120 MiB resumable, server RSS growth: ${range(
        tus.map((t) => t.growthMb),
        0,
      )} MB (goal < 64 MB)` +
        (MEMORY_ONLY
          ? ''
          : `; the single multipart request beside it ${range(singleGrowth, 0)} MB`),
    );
    const five: number[] = [];
    const fiveSeconds: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      await sleep(500);
      const o = await resumable(pid, await complainant(), 5);
      five.push(o.growthMb);
      fiveSeconds.push(o.seconds);
    }
    console.log(
      `5 × 120 MiB resumable at once, server RSS growth: ${range(five, 0)} MB (goal < 64 MB), ` +
        `${range(fiveSeconds, 1)} s; each round: ${five.map((x) => x.toFixed(0)).join(', ')} MB`,
    );
  } finally {
    load.stop();
    server.child.kill('SIGKILL');
    floor.child.kill('SIGKILL');
    await server.exited;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
