import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  buildApp,
  createObjectStore,
  createServices,
  loadConfig,
  openDatabase,
  type AppOptions,
  type AppServices,
  type ClientLimits,
  type Db,
  type RuntimeOptions,
} from '@canal/api/testing';

/**
 * The environment variable that names the migrated PGlite copy an API test file's database starts
 * from (the API project's global setup, apps/api/test/support/pglite-template.ts, sets it).
 */
export const PGLITE_TEMPLATE_ENV = 'CANAL_TEST_PGLITE_TEMPLATE';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: PGlite in memory (started from the migrated copy of the
 * project's global setup when there is one), or — when DATABASE_URL is set, as in CI's
 * second run — a schema of its own on that PostgreSQL server, dropped afterwards.
 */
export async function freshDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // From the migrated copy the project's global setup leaves (pglite-template.ts), if any.
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const db = await openDatabase({
      from: template ? new Blob([readFileSync(template)]) : undefined,
    });
    return { db, drop: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDatabase({ url, schema });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

/**
 * The storage settings of the environment (STORAGE, S3_*), the only ones taken from it: the rest
 * of a test app's configuration is its own.
 */
export function storageEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] =>
        (e[0] === 'STORAGE' || e[0].startsWith('S3_')) && e[1] !== undefined,
    ),
  );
}

export interface TestAppOptions extends Omit<RuntimeOptions, 'warn'> {
  env?: Record<string, string>;
  globalRateLimit?: number;
  clientLimits?: Partial<ClientLimits>;
  bodyDeadlines?: AppOptions['bodyDeadlines'];
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-test-'));
  const { db, drop } = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BOT_CHECK: 'off',
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    ...storageEnv(),
    ...options.env,
  });
  // With STORAGE=s3 (CI's third run) every test app writes to the bucket under a prefix of its
  // own, so that parallel test files never see each other's objects.
  const store = await createObjectStore(config, { prefix: `t-${randomBytes(6).toString('hex')}/` });
  const services = await createServices(config, {
    db,
    store,
    warn: () => {},
    altcha: options.altcha ?? { counterRange: [1, 20] },
    throttle: options.throttle,
  });
  const app = await buildApp(services, testAppOptions(options, dataDir));
  return {
    app,
    services,
    db,
    dataDir,
    async close() {
      await app.close();
      await store.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function testAppOptions(options: TestAppOptions, dataDir: string): AppOptions {
  return {
    logger: false,
    // Unless the test sets RATE_LIMIT_PER_MINUTE itself, the flood limit stays out of the way.
    globalRateLimit:
      options.globalRateLimit ??
      (options.env?.RATE_LIMIT_PER_MINUTE === undefined ? 100_000 : undefined),
    // Every test shares one client address; the per-client limits get their own test (unless the
    // test sets LOGINS_PER_15_MINUTES itself, which then holds).
    clientLimits: options.clientLimits ?? {
      ...(options.env?.LOGINS_PER_15_MINUTES === undefined ? { login: 100_000 } : {}),
      recovery: 100_000,
      filing: 100_000,
    },
    webDist: path.join(dataDir, 'no-web'),
    bodyDeadlines: options.bodyDeadlines,
  };
}

/**
 * Another API instance on the test app's database and object store, as a second process behind
 * the balancer would be: services of its own (nothing in memory is shared) over the same
 * configuration and key. Closing it leaves the first one's database and store alone.
 */
export async function buildSecondInstance(
  first: TestApp,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const services = await createServices(first.services.config, {
    db: first.db,
    store: first.services.files.store,
    warn: () => {},
    altcha: options.altcha ?? { counterRange: [1, 20] },
    throttle: options.throttle,
  });
  const app = await buildApp(services, testAppOptions(options, first.dataDir));
  return { app, services, db: first.db, dataDir: first.dataDir, close: () => app.close() };
}

export interface ListeningPair {
  a: TestApp;
  b: TestApp;
  /** Their loopback ports: `a`'s, then `b`'s. */
  ports: [number, number];
  close(): Promise<void>;
}

/**
 * The test app and a second instance (`buildSecondInstance`) each listening on a loopback port,
 * for real connections that move from one to the other (a cut upload resuming on the other
 * instance, `tus.ts`'s `sendThroughCuts`).
 */
export async function listeningPair(options: TestAppOptions = {}): Promise<ListeningPair> {
  const a = await buildTestApp(options);
  const b = await buildSecondInstance(a, options);
  const ports: number[] = [];
  for (const t of [a, b]) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ports.push((t.app.server.address() as AddressInfo).port);
  }
  return {
    a,
    b,
    ports: ports as [number, number],
    async close() {
      await b.close();
      await a.close();
    },
  };
}
