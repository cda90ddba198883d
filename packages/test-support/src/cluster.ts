// A cluster on this machine, for the cluster test and `npm run bench`: instances of the compiled
// server (`apps/api/dist/server.js`, what `npm run start:prod` runs) on one fresh PostgreSQL
// database and one fresh bucket, behind Debian's HAProxy (round robin, health check on /readyz),
// everything on loopback ports. Every process is stopped by its pid and every temporary folder,
// database and bucket removed by `stop()`.
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, REPO_ROOT } from './server-process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const DIST_SERVER = path.join(REPO_ROOT, 'apps/api/dist/server.js');

/** `npm run build:api`: the compiled server the instances run (a second or two). */
export async function buildApi(): Promise<void> {
  await promisify(execFile)(process.execPath, ['scripts/build-api.mjs'], { cwd: REPO_ROOT });
}

/** The S3 settings of the environment (scripts/swift/start.sh exports them), or null. */
export function s3Env(env: NodeJS.ProcessEnv = process.env): Record<string, string> | null {
  if (env.STORAGE !== 's3' || !env.S3_ENDPOINT || !env.S3_ACCESS_KEY_ID) return null;
  return Object.fromEntries(
    Object.entries(env).filter(
      (e): e is [string, string] => e[0].startsWith('S3_') && e[1] !== undefined,
    ),
  );
}

/** A bucket of its own (`<name>`), emptied and deleted by `drop()`. */
export async function freshBucket(s3: Record<string, string>, name: string) {
  const client = new S3Client({
    endpoint: s3.S3_ENDPOINT,
    region: s3.S3_REGION ?? 'us-east-1',
    forcePathStyle: s3.S3_FORCE_PATH_STYLE === 'true',
    credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID!, secretAccessKey: s3.S3_SECRET_ACCESS_KEY! },
  });
  await client.send(new CreateBucketCommand({ Bucket: name }));
  return {
    name,
    client,
    /** Every key in the bucket. */
    async keys(): Promise<string[]> {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: name, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async drop(): Promise<void> {
      const keys = await this.keys();
      for (let i = 0; i < keys.length; i += 500)
        await client.send(
          new DeleteObjectsCommand({
            Bucket: name,
            Delete: { Objects: keys.slice(i, i + 500).map((Key) => ({ Key })) },
          }),
        );
      await client.send(new DeleteBucketCommand({ Bucket: name }));
      client.destroy();
    },
  };
}

/** A database of its own on the PostgreSQL server of `baseUrl`, dropped by `drop()`. */
export async function freshPostgres(baseUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** A query on the new database (a connection of its own, closed after). */
    async query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    async drop(): Promise<void> {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** stdout and stderr so far (JSON log lines). */
  log(): string;
  exited: Promise<number | null>;
}

/** One compiled server on a free loopback port; resolves once it listens (not waiting for /readyz). */
export async function spawnInstance(
  name: string,
  env: Record<string, string>,
  server = DIST_SERVER,
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [server], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Plain node and only what is given: nothing of the test runner's environment leaks in.
    env: {
      PATH: process.env.PATH,
      ...env,
      INSTANCE_ID: name,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { name, port, url: `http://127.0.0.1:${port}`, child, log: () => output, exited };
}

/** Waits until `url`/readyz answers 200 (or the process exits, or `timeoutMs` passes). */
export async function waitReady(instance: Instance, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} terminó (${instance.child.exitCode}):\n${instance.log()}`);
    const status = await fetch(`${instance.url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error(`${instance.name} no quedó listo en ${timeoutMs} ms:\n${instance.log()}`);
}

/** Sends `signal` to the instance's pid (if still running) and waits for it to exit. */
export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM') {
  if (instance.child.exitCode === null && instance.child.signalCode === null)
    process.kill(instance.child.pid!, signal);
  const killer = setTimeout(() => {
    if (instance.child.exitCode === null) process.kill(instance.child.pid!, 'SIGKILL');
  }, 60_000);
  try {
    return await instance.exited;
  } finally {
    clearTimeout(killer);
  }
}

export interface Balancer {
  url: string;
  child: ChildProcess;
  /** The servers' state as HAProxy sees them: name → UP, DOWN, MAINT… */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * HAProxy in the foreground (`-db`) with a configuration written into `dir`: round robin over
 * `servers`, each checked on /readyz every `checkMs` (one failure, or no answer within `checkMs`,
 * takes it out; one success brings it back), X-Forwarded-For added, and a CSV stats page on a
 * second port for `states()`.
 */
export async function startHaproxy(
  dir: string,
  servers: Instance[],
  checkMs = 500,
): Promise<Balancer> {
  const port = await freePort();
  const statsPort = await freePort();
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    cfg,
    `global
  maxconn 512

defaults
  mode http
  timeout connect 5s
  timeout client 2m
  timeout server 2m
  timeout http-request 2m
  timeout check ${checkMs}ms

frontend web
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter ${checkMs}ms fall 1 rise 1
  option forwardfor
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /
`,
  );
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  let failed = false;
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  // No haproxy on the PATH (Debian's package: apt-get install haproxy).
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      failed = true;
      output += String(error);
      resolve();
    });
  });
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    child,
    async states() {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
      const rows = csv.split('\n').map((line) => line.split(','));
      const header = rows[0]!.map((h) => h.replace(/^# /, ''));
      const [px, sv, st] = ['pxname', 'svname', 'status'].map((h) => header.indexOf(h));
      return Object.fromEntries(
        rows
          .filter((r) => r[px!] === 'api' && r[sv!]?.startsWith('api-'))
          .map((r) => [r[sv!], r[st!]]),
      );
    },
    async stop() {
      if (!failed && child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
  for (let i = 0; ; i++) {
    const ok = await balancer.states().then(
      () => true,
      () => false,
    );
    if (ok) return balancer;
    if (i > 100 || failed || child.exitCode !== null) {
      await balancer.stop();
      throw new Error(`HAProxy no inició:\n${output}`);
    }
    await sleep(100);
  }
}

/** Waits until HAProxy counts every server in `names` UP. */
export async function waitAllUp(balancer: Balancer, names: string[], timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  let states: Record<string, string> = {};
  while (Date.now() < until) {
    states = await balancer.states();
    if (names.every((n) => states[n]?.startsWith('UP'))) return states;
    await sleep(100);
  }
  throw new Error(`HAProxy no ve todas las instancias arriba: ${JSON.stringify(states)}`);
}

export interface Cluster {
  instances: Instance[];
  balancer: Balancer;
  db: Awaited<ReturnType<typeof freshPostgres>>;
  bucket: Awaited<ReturnType<typeof freshBucket>> | null;
  /** The environment every instance got (key, database, storage, SMTP). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances: number;
  /** postgres:// URL of the server (a database of its own is created on it). */
  databaseUrl: string;
  /** STORAGE=s3 settings (a bucket of its own is created) or null for a shared data folder. */
  s3: Record<string, string> | null;
  /** Extra environment for every instance (e.g. SMTP_URL), or per instance. */
  env?: Record<string, string> | ((name: string) => Record<string, string>);
  /** HAProxy's /readyz check interval and timeout (default 500 ms: the test wants quick turns). */
  checkMs?: number;
}

/**
 * Creates the database and bucket, starts every instance at the same moment on them (the empty
 * database: migrations and seed race), waits until each answers /readyz 200, then HAProxy until it
 * counts them all UP. On any failure everything started is stopped before rethrowing.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'canal-cluster-'));
  const started: { instances: Instance[]; balancer?: Balancer } = { instances: [] };
  let db: Cluster['db'] | undefined;
  let bucket: Cluster['bucket'] = null;
  const stop = async () => {
    await started.balancer?.stop();
    await Promise.all(started.instances.map((i) => stopInstance(i)));
    await bucket?.drop().catch(() => {});
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    db = await freshPostgres(options.databaseUrl, `cluster_${id}`);
    if (options.s3) bucket = await freshBucket(options.s3, `cluster-${id.replace('_', '-')}`);
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      BOT_CHECK: 'off',
      DATABASE_URL: db.url,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // Only the balancer (and the test, on loopback) may name the client in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      FILINGS_PER_HOUR: '100000',
      SHUTDOWN_DELAY_MS: '1000',
      SHUTDOWN_GRACE_MS: '10000',
      ...(options.s3 && bucket ? { STORAGE: 's3', ...options.s3, S3_BUCKET: bucket.name } : {}),
    };
    const names = Array.from({ length: options.instances }, (_, i) => `api-${i + 1}`);
    // Own data folders; without a bucket they share one folder for files (as a network mount would).
    const shared = path.join(dir, 'data');
    const instances = await Promise.all(
      names.map((name) =>
        spawnInstance(name, {
          ...env,
          PUBLIC_URL: 'http://127.0.0.1',
          DATA_DIR: options.s3 ? path.join(dir, name) : shared,
          ...(typeof options.env === 'function' ? options.env(name) : options.env),
        }),
      ),
    );
    started.instances.push(...instances);
    await Promise.all(instances.map((i) => waitReady(i)));
    started.balancer = await startHaproxy(dir, instances, options.checkMs);
    await waitAllUp(started.balancer, names);
    return { instances, balancer: started.balancer, db, bucket, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
