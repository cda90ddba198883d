// API benchmarks (issues 2, 13): master-data reads against a bare Fastify route and filing against
// argon2 alone, each beside its floor in the same run, on one server run as production runs it. (Uploads, downloads and the server's
// memory: bench/streams.ts.)
// Prints figures; asserts nothing. Run: npm run bench (or node --import tsx bench/api.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { multipart } from '@canal/test-support/multipart';
import { denuncia, HEAD_OFFICE } from '@canal/test-support/complaints';
import { freshPostgres } from '@canal/test-support/cluster';
import { startServerProcess, type ServerProcess } from '@canal/test-support/server-process';
import {
  altchaTokens,
  argon2Ceiling,
  best,
  cpuSeconds,
  load,
  serverNodeFlags,
  startBareFastify,
  type LoadResult,
} from './support/processes';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** The server from its TypeScript source, with the Node flags production starts it with. */
const SERVER_ARGS = [...serverNodeFlags(), '--import', 'tsx', 'apps/api/src/server.ts'];

/** Rounds of each measurement, floor and ours alternating; the best of each is compared. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Rows to run (BENCH_API_ROWS=master-data,filing; both by default). */
const ROWS = (process.env.BENCH_API_ROWS ?? 'master-data,filing').split(',');
const ratio = (ours: number, floor: number) => (ours / floor).toFixed(2);
/** A load run with the CPU seconds the answering process spent during it. */
async function measured(pid: number, options: Parameters<typeof load>[0]) {
  const before = cpuSeconds(pid);
  const result = await load(options);
  return { ...result, cpu: cpuSeconds(pid) - before };
}
/** Microseconds of the answering process's CPU per 2xx answer. */
const cpuPerAnswer = (r: LoadResult & { cpu: number }) => (r.cpu * 1e6) / Math.max(1, r.requests);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const figure = (r: LoadResult) =>
  `${r.rps.toFixed(0)}/s (p99 ${r.p99} ms${r.errors ? `, errors ${r.errors}: ${r.codes}` : ''})`;

/**
 * Server-throughput rows (issue 13), each beside its floor measured in the same run: master-data
 * GET against a bare Fastify 5 route answering the same bytes, filing against `@node-rs/argon2`
 * alone with the server's parameters. The server (apps/api/src/server.ts, its global
 * flood limit on), the floors and autocannon each run in a process of their own. PostgreSQL
 * (a database of its own) when DATABASE_URL is set, PGlite otherwise.
 */
export async function masterDataAndLogins() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-bench-'));
  const database = process.env.DATABASE_URL
    ? await freshPostgres(
        process.env.DATABASE_URL,
        `${process.env.BENCH_DB_PREFIX ?? 'bench'}_api_${randomBytes(4).toString('hex')}`,
      )
    : null;
  // Both rows run against the server as production runs it (NODE_ENV=production: its access log
  // at info, HSTS, React's production build for mail, the ALTCHA bot check). SMTP_URL names a port
  // nobody listens on: the outbox drains at most 20 mails every 5 s whatever happens to them, and
  // a refused connection is a failed attempt, retried 30 s later (docs/bench/server-rows.md,
  // round 4).
  const server = await startServerProcess(
    {
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SIGNING_KEY: randomBytes(32).toString('hex'),
      DATABASE_URL: database?.url ?? '',
      // One client sends everything: the limits stay on (their cost is measured) but never bite.
      FILINGS_PER_HOUR: '100000000',
      RATE_LIMIT_PER_MINUTE: '100000000',
      NODE_ENV: 'production',
      DATA_DIR: path.join(dataDir, 'data'),
      PUBLIC_URL: 'https://canal.bench.invalid',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SHUTDOWN_DELAY_MS: '0',
    },
    'ignore',
    { args: SERVER_ARGS },
  );
  const baseUrl = server.baseUrl;
  const bodyFile = path.join(dataDir, 'delitos.json');
  const masterData = `${baseUrl}/v1/datos-maestros/delitos`;
  const organization = { 'x-filial': HEAD_OFFICE };
  writeFileSync(
    bodyFile,
    Buffer.from(await (await fetch(masterData, { headers: organization })).arrayBuffer()),
  );
  const bare = await startBareFastify(bodyFile);
  try {
    console.log(
      `database: ${database ? 'PostgreSQL' : 'PGlite'}; ${ROUNDS} rounds of ${DURATION} s, best of each`,
    );
    if (ROWS.includes('master-data')) {
      const before = database ? await versionReads(database) : 0;
      const answers = await masterDataRow(server, bare.url, bare.pid);
      if (database) {
        // An idle PostgreSQL session reports its table statistics within 10 s.
        await new Promise((r) => setTimeout(r, 11_000));
        const reads = (await versionReads(database)) - before;
        console.log(
          `  catalogue version-row reads during the ${answers} answers: ${reads} ` +
            `(${((reads * 1000) / Math.max(1, answers)).toFixed(1)} per 1000 answers)`,
        );
      }
    }
    if (ROWS.includes('filing')) await filingRow(baseUrl, server.child.pid!, dataDir);
  } finally {
    await bare.stop();
    await stop(server);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Filing: one identified complaint per request (no files), 8 connections, each with its own solved
 * ALTCHA token (the server accepts a solution once); the ceiling is argon2 alone, as many hashes
 * at a time as the machine has cores, measured before each round. Beside the throughput, the
 * server's CPU per filing (all its threads, argon2's included) against argon2's CPU per hash
 * alone: it moves far less with the machine's load than requests per second do.
 */
async function filingRow(baseUrl: string, pid: number, dataDir: string) {
  const connections = 8;
  const form = await multipartBytes([{ name: 'denuncia', json: denuncia() }]);
  const cores = availableParallelism();
  const tokensFile = path.join(dataDir, 'altcha-tokens');
  const filings: (LoadResult & { cpu: number })[] = [];
  const ceilings: { perSecond: number; cpuMsPerHash: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    ceilings.push(await argon2Ceiling(cores, DURATION));
    // Solved before the timed phase, as the portal solves one ahead: as many as the best ceiling
    // so far could file in the run and half again (each connection also builds one it never sends).
    const solved = await altchaTokens(
      `${baseUrl}/v1/altcha`,
      Math.ceil(Math.max(...ceilings.map((c) => c.perSecond)) * DURATION * 1.5) + 2 * connections,
      tokensFile,
    );
    const filing = await measured(pid, {
      url: `${baseUrl}/v1/denuncias`,
      method: 'POST',
      connections,
      headers: { ...form.headers, 'x-filial': HEAD_OFFICE },
      body: form.body,
      duration: DURATION,
      tokens: { header: 'x-grecaptcha', file: tokensFile },
    });
    if ((filing.tokensTaken ?? 0) >= solved)
      console.log(
        `  (round ${i + 1}: all ${solved} solved tokens were spent; later requests had none)`,
      );
    filings.push(filing);
  }
  const filing = best(filings);
  const ceiling = Math.max(...ceilings.map((c) => c.perSecond));
  console.log(`filing POST /v1/denuncias (production, ALTCHA): ${figure(filing)}`);
  console.log(
    `  ceiling: @node-rs/argon2 alone (19 MiB, t=2), ${cores} at a time: ${ceiling.toFixed(1)}/s`,
  );
  console.log(`  ratio ours / ceiling: ${ratio(filing.rps, ceiling)} (goal >= 0.8)`);
  const oursCpu = median(filings.map((r) => (r.cpu * 1000) / Math.max(1, r.requests)));
  const argon2Cpu = median(ceilings.map((c) => c.cpuMsPerHash));
  console.log(
    `  CPU per filing (median of rounds): server ${oursCpu.toFixed(1)} ms, argon2 alone ` +
      `${argon2Cpu.toFixed(1)} ms per hash; argon2 / server ${ratio(argon2Cpu, oursCpu)}`,
  );
  console.log(
    `  rounds (ours / ceiling): ` +
      filings
        .map((r, i) => `${r.rps.toFixed(1)} / ${ceilings[i]!.perSecond.toFixed(1)}`)
        .join(', '),
  );
}

/**
 * Master data: the server and the bare route take turns under 20 connections, plain JSON
 * (autocannon sends no Accept-Encoding); requests per second and the CPU per answer of each.
 */
async function masterDataRow(server: ServerProcess, bareUrl: string, barePid: number) {
  const masterData = `${server.baseUrl}/v1/datos-maestros/delitos`;
  const organization = { 'x-filial': HEAD_OFFICE };
  const oursGet: (LoadResult & { cpu: number })[] = [];
  const floorGet: (LoadResult & { cpu: number })[] = [];
  // Both warm up first, unmeasured: a fresh process's first seconds are spent compiling (the
  // server's first round used to read 150 µs of CPU per answer, its second 80).
  await load({ url: bareUrl, duration: 2 });
  await load({ url: masterData, headers: organization, duration: 2 });
  for (let i = 0; i < ROUNDS; i++) {
    floorGet.push(await measured(barePid, { url: bareUrl, duration: DURATION }));
    oursGet.push(
      await measured(server.child.pid!, {
        url: masterData,
        headers: organization,
        duration: DURATION,
      }),
    );
  }
  const [ours, floor] = [best(oursGet), best(floorGet)];
  console.log(`master data GET /v1/datos-maestros/delitos: ${figure(ours)}`);
  console.log(`  floor: bare Fastify 5 route, same bytes:  ${figure(floor)}`);
  console.log(`  ratio ours / floor: ${ratio(ours.rps, floor.rps)} (goal >= 0.6)`);
  // CPU per answer moves less with the machine's load than requests per second do: the floor's
  // over ours is the throughput ratio an uncontended CPU would give if the process were busy.
  const [oursCpu, floorCpu] = [
    median(oursGet.map(cpuPerAnswer)),
    median(floorGet.map(cpuPerAnswer)),
  ];
  console.log(
    `  server CPU per answer (median of rounds): ours ${oursCpu.toFixed(0)} µs, floor ` +
      `${floorCpu.toFixed(0)} µs; floor / ours ${ratio(floorCpu, oursCpu)}` +
      ` (rounds: ours ${oursGet.map((r) => cpuPerAnswer(r).toFixed(0)).join(', ')}; floor ` +
      `${floorGet.map((r) => cpuPerAnswer(r).toFixed(0)).join(', ')})`,
  );
  return oursGet.reduce((sum, r) => sum + r.requests, 0);
}

/** Reads of the master data's version row so far (PostgreSQL's table statistics). */
async function versionReads(database: { query: <T extends object>(text: string) => Promise<T[]> }) {
  const [row] = await database.query<{ reads: string }>(
    `SELECT seq_scan + coalesce(idx_scan, 0) AS reads FROM pg_stat_user_tables
      WHERE relname = 'master_data_version'`,
  );
  return Number(row?.reads ?? 0);
}

/** Stops a server process and waits for it (PGlite's folder and PostgreSQL's sessions freed). */
async function stop(server: ServerProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** A multipart body as bytes (autocannon sends a fixed body). */
async function multipartBytes(parts: Parameters<typeof multipart>[0]) {
  const { body, headers } = multipart(parts);
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return { body: Buffer.concat(chunks), headers };
}

export async function run() {
  console.log('== API');
  await masterDataAndLogins();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
