// Cluster figures (issue 10): filing and download throughput with one instance of the compiled
// server and with three behind HAProxy on this machine (the one instance is the baseline, printed
// beside them), and the RSS of each of the three instances during five concurrent 120 MiB uploads
// to S3 (beside its RSS before). PostgreSQL: DATABASE_URL (default the machine's `test`), a
// database of its own per cluster. Storage: Swift's S3 settings when exported
// (`eval "$(scripts/swift/start.sh)"`), a bucket of its own per cluster; without them a shared
// data folder, and the S3 part is skipped. Without S3_* exported, a Swift from
// scripts/swift/start.sh on its default port is used when it answers. Figures only; nothing is asserted.
//   node --import tsx bench/cluster.ts      (BENCH_SECONDS per load, default 5)
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildApi, s3Env, startCluster, type Cluster } from '@canal/test-support/cluster';
import { denuncia, HEAD_OFFICE, PASSWORD } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { multipart } from '@canal/test-support/multipart';
import { rssKb } from './support/processes';
import { summary } from './support/summary';
import { upload } from './support/stream-clients';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SWIFT_DEFAULTS = s3Env({
  STORAGE: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:8080',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'test:tester',
  S3_SECRET_ACCESS_KEY: 'testing',
  S3_FORCE_PATH_STYLE: 'true',
});

/** Every request from another client address (TRUST_PROXY=127.0.0.1): no per-client limit bites. */
const anyClient = (request: autocannon.Request): autocannon.Request => ({
  ...request,
  headers: {
    ...request.headers,
    'x-forwarded-for': `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`,
  },
});

async function load(url: string, opts: Partial<autocannon.Options>) {
  const result = await autocannon({
    url,
    duration: DURATION,
    requests: [{ setupRequest: anyClient }],
    ...opts,
  });
  return summary(result);
}

async function bodyOf(parts: Parameters<typeof multipart>[0]) {
  const { body, headers } = multipart(parts);
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return { body: Buffer.concat(chunks), headers };
}

/** Filings (100 KiB PDF each) and downloads (1 MiB file through its signed link) on `base`. */
async function throughput(base: string) {
  const filing = await bodyOf([
    { name: 'denuncia', json: denuncia() },
    { name: 'files', filename: 'acta.pdf', head: pdf(), size: 100 * 1024 },
  ]);
  const filings = await load(`${base}/v1/denuncias`, {
    method: 'POST',
    connections: 8,
    headers: { ...filing.headers, 'x-filial': HEAD_OFFICE },
    body: filing.body,
  });
  const one = await bodyOf([
    { name: 'denuncia', json: denuncia() },
    { name: 'files', filename: 'acta.pdf', head: pdf(), size: MiB },
  ]);
  const filed = await fetch(`${base}/v1/denuncias`, {
    method: 'POST',
    headers: { ...one.headers, 'x-filial': HEAD_OFFICE },
    body: one.body,
  });
  const { ticket } = (await filed.json()) as { ticket: number };
  const json = { 'content-type': 'application/json', 'x-filial': HEAD_OFFICE };
  const login = await fetch(`${base}/v1/denuncias/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ ticket, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${base}/v1/denuncias/${ticket}/adjuntos`, {
    headers: { ...json, authorization: `Bearer ${token}` },
  });
  const [file] = (await list.json()) as { path: string }[];
  const downloads = await load(`${base}${file!.path}`, { connections: 8 });
  return { filings, downloads };
}

async function withCluster<T>(
  instances: number,
  s3: Record<string, string> | null,
  work: (cluster: Cluster) => Promise<T>,
): Promise<T> {
  // The deployment's check interval (deploy/haproxy.cfg): under full load a 500 ms check can miss.
  const cluster = await startCluster({ instances, databaseUrl: DATABASE_URL, s3, checkMs: 2000 });
  try {
    return await work(cluster);
  } finally {
    await cluster.stop();
  }
}

const fmt = (f: Awaited<ReturnType<typeof load>>) =>
  `${f.rps.toFixed(1)}/s (p99 ${f.p99} ms${f.errors ? `, errors ${f.errors}: ${f.codes}` : ''})`;

export async function run(): Promise<void> {
  console.log('== cluster');
  // The exported S3 settings, else those of a Swift started by scripts/swift/start.sh (its defaults).
  const s3 = [s3Env(), SWIFT_DEFAULTS].find((env) => env !== null) ?? null;
  const answers = await fetch(s3!.S3_ENDPOINT!).then(
    () => true,
    () => false,
  );
  console.log(
    answers
      ? `storage: S3 at ${s3!.S3_ENDPOINT} (a bucket of its own per cluster)`
      : `Swift (S3) is not running at ${s3!.S3_ENDPOINT}: files in a shared data folder; the S3 part is skipped`,
  );
  const storage = answers ? s3 : null;
  await buildApi();

  // The baseline: one instance, straight (no balancer in front).
  const single = await withCluster(1, storage, (c) => throughput(c.instances[0]!.url));
  const triple = await withCluster(3, storage, async (c) => {
    const figures = await throughput(c.balancer.url);
    if (!storage) return { figures, rss: null };
    // Five concurrent 120 MiB uploads through HAProxy (round robin: 2, 2 and 1 per instance),
    // after a 1 MiB one on each instance (argon2, templates and the S3 client loaded).
    const port = Number(new URL(c.balancer.url).port);
    for (let i = 0; i < 3; i++) await upload(port, MiB);
    await sleep(1000);
    const pids = c.instances.map((i) => i.child.pid!);
    const before = pids.map(rssKb);
    const peak = [...before];
    const sampler = setInterval(() => {
      pids.forEach((pid, i) => (peak[i] = Math.max(peak[i]!, rssKb(pid))));
    }, 20);
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 5 }, () => upload(port)));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    return { figures, rss: { before, peak, statuses, seconds } };
  });

  console.log(`filing (100 KiB PDF), 8 connections, ${DURATION} s:`);
  console.log(`  1 instance:              ${fmt(single.filings)}`);
  console.log(
    `  3 instances + HAProxy:   ${fmt(triple.figures.filings)}  (× ${(triple.figures.filings.rps / single.filings.rps).toFixed(2)})`,
  );
  console.log(
    `download (1 MiB file via its signed link: files/s = MiB/s), 8 connections, ${DURATION} s:`,
  );
  console.log(`  1 instance:              ${fmt(single.downloads)}`);
  console.log(
    `  3 instances + HAProxy:   ${fmt(triple.figures.downloads)}  (× ${(triple.figures.downloads.rps / single.downloads.rps).toFixed(2)})`,
  );
  if (triple.rss) {
    const { before, peak, statuses, seconds } = triple.rss;
    console.log(
      `5 × 120 MiB uploads to S3 through HAProxy: statuses ${statuses.join(',')}, ${((5 * 120) / seconds).toFixed(1)} MiB/s in total`,
    );
    before.forEach((b, i) =>
      console.log(
        `  api-${i + 1} RSS ${Math.round(b / 1024)} MiB before -> peak ${Math.round(peak[i]! / 1024)} MiB (+${Math.round((peak[i]! - b) / 1024)} MiB; budget < 64 MB)`,
      ),
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
