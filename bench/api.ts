// API benchmarks (issue 2): master-data reads against a bare Fastify route in the same run,
// logins per second, and the server's peak memory growth during 120 MB uploads.
// Prints figures; asserts nothing. Run: npm run bench (or node --import tsx bench/api.ts).
// The upload server runs on PostgreSQL when DATABASE_URL is set (a database of its own) and on
// S3 when STORAGE=s3 and S3_* are set (e.g. `eval "$(scripts/swift/start.sh)"`).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createServices } from '../apps/api/src/runtime';
import { BOUNDARY } from '../apps/api/test/support/multipart';
import { denuncia, anonymous, HEAD_OFFICE, PASSWORD } from '../apps/api/test/support/complaints';
import { pdf } from '../apps/api/test/support/files';
import { freshPostgres } from '../apps/api/test/support/cluster';
import { startServerProcess } from '../apps/api/test/support/server-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function load(url: string, opts: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: 20, duration: DURATION, ...opts });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function masterDataAndLogins() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BOT_CHECK: 'off',
    FILINGS_PER_HOUR: '100000',
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const services = await createServices(config, { warn: () => {} });
  const app = await buildApp(services, {
    logger: false,
    globalRateLimit: 10_000_000,
    clientLimits: { login: 10_000_000, recovery: 10_000_000 },
    webDist: '/nonexistent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const body = services.catalogue.answers(
    (await import('@canal/shared')).organizationById(HEAD_OFFICE),
  ).delitos.body;
  const bare = Fastify({ logger: false });
  bare.get('/delitos', (_req, reply) => reply.type('application/json').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/delitos`;

  const ours = await load(`${base}/v1/datos-maestros/delitos`, {
    headers: { 'x-filial': HEAD_OFFICE },
  });
  const reference = await load(bareUrl);
  console.log(
    `master data GET /v1/datos-maestros/delitos: ${ours.rps} req/s (p99 ${ours.p99} ms, errors ${ours.errors})`,
  );
  console.log(
    `bare Fastify route, same body:             ${reference.rps} req/s (p99 ${reference.p99} ms)`,
  );
  console.log(`ratio ours / bare: ${(ours.rps / reference.rps).toFixed(2)}`);

  // Logins: one complaint, the right password, as fast as argon2id (bounded to 2 at once) allows.
  const form = new FormData();
  form.append('denuncia', JSON.stringify(anonymous()));
  const created = await fetch(`${base}/v1/denuncias`, {
    method: 'POST',
    body: form,
    headers: { 'x-filial': HEAD_OFFICE },
  });
  const { ticket } = (await created.json()) as { ticket: number };
  const logins = await load(`${base}/v1/denuncias/login`, {
    method: 'POST',
    connections: 8,
    headers: { 'x-filial': HEAD_OFFICE, 'content-type': 'application/json' },
    body: JSON.stringify({ ticket, password: PASSWORD }),
  });
  console.log(
    `logins (argon2id, 19 MiB, t=2): ${logins.rps} /s (p99 ${logins.p99} ms, errors ${logins.errors})`,
  );

  await app.close();
  await bare.close();
  await services.db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** One 120 MB upload streamed to the server; resolves with the HTTP status. */
export function upload(port: number, size = 120 * 1024 * 1024): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/denuncias',
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
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
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n${JSON.stringify(denuncia())}\r\n`,
    );
    req.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="video.pdf"\r\n\r\n`,
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
      req.end(`\r\n--${BOUNDARY}--\r\n`);
    };
    pump();
  });
}

export async function uploadMemory() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-bench-up-'));
  // PostgreSQL (production's database) when DATABASE_URL is set, in a database of its own: the
  // stored key check refuses a database written with another run's random key. PGlite otherwise.
  const database = process.env.DATABASE_URL
    ? await freshPostgres(
        process.env.DATABASE_URL,
        `bench_upload_${randomBytes(4).toString('hex')}`,
      )
    : null;
  const { child, port } = await startServerProcess({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BOT_CHECK: 'off',
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DATABASE_URL: database?.url ?? '',
    // One client files all the uploads: the per-client filing limit (5 an hour) would refuse some.
    FILINGS_PER_HOUR: '1000',
  });
  try {
    // Warm up (first complaint loads argon2, templates, JIT; 16 MiB is several S3 parts) so the
    // baseline is the steady state.
    await upload(port, 16 * 1024 * 1024);
    await sleep(500);
    for (const parallel of [1, 5]) {
      const baseline = rssKb(child.pid!);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(child.pid!))), 20);
      const started = Date.now();
      const statuses = await Promise.all(Array.from({ length: parallel }, () => upload(port)));
      clearInterval(sampler);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `${parallel} x 120 MB upload(s): statuses ${statuses.join(',')}, RSS ${Math.round(baseline / 1024)} MB -> peak ${Math.round(
          peak / 1024,
        )} MB, growth ${Math.round((peak - baseline) / 1024)} MB (goal < 64 MB), ${((parallel * 120) / seconds).toFixed(0)} MB/s`,
      );
      await sleep(500);
    }
  } finally {
    child.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  console.log('== API');
  await masterDataAndLogins();
  await uploadMemory();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
