// Issue 25, across the cluster: three compiled servers behind HAProxy on a PostgreSQL of the
// test's own (test/support/private-postgres.ts; the machine's shared server is never restarted),
// and the bucket of the environment (Swift in CI) or a shared folder. PostgreSQL restarts, then
// dies and comes back (a failover), while complaints are filed on every instance: all three stay
// up, every request in flight answers 201 or a Spanish 503, nothing is half-written, and once the
// database is back each instance files again, HAProxy counts them UP and their LISTENs are back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors';
import {
  buildApi,
  s3Env,
  startCluster,
  waitAllUp,
  waitReady,
  type Cluster,
} from '@canal/test-support/cluster';
import { fileOnce, fileUntil, signInAndRead } from '../support/filing-load';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';

let postgres: PrivatePostgres;
let cluster: Cluster;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  await buildApi();
  cluster = await startCluster({
    instances: 3,
    databaseUrl: postgres.url,
    s3: s3Env(),
    env: { LOGINS_PER_15_MINUTES: '100000' },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await postgres?.destroy();
});

const listeners = async () =>
  (
    await cluster.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = 'canal-listen' AND datname = current_database()`,
    )
  )[0]!.n;

describe('three instances while their PostgreSQL restarts and fails over', () => {
  it('all ride through: 201 or a Spanish 503 in flight, nothing half-written, each files again once it is back', async () => {
    const { instances, balancer } = cluster;
    const names = instances.map((i) => i.name);
    await expect.poll(listeners, { timeout: 20_000 }).toBe(3);

    const stop = new AbortController();
    const load = fileUntil(
      instances.map((i) => i.url),
      6,
      stop.signal,
    );
    await postgres.restartThenFailover();
    stop.abort();
    const filings = await load;

    for (const i of instances) expect(i.child.exitCode, i.log()).toBeNull();
    const unclean = filings.filter(
      (f) =>
        !(f.status === 201 && typeof f.ticket === 'number') &&
        !(f.status === 503 && f.message === ERRORS.DATABASE_UNAVAILABLE.message),
    );
    expect(unclean).toEqual([]);
    const refused = filings.filter((f) => f.status === 503).length;
    expect(refused).toBeGreaterThan(0);
    // Every instance met the restarts with requests in flight.
    for (const i of instances)
      expect(filings.filter((f) => f.base === i.url && f.status === 503).length).toBeGreaterThan(0);

    // Back: each instance is ready, HAProxy counts them UP, and filings succeed everywhere.
    await Promise.all(instances.map((i) => waitReady(i, 30_000)));
    await waitAllUp(balancer, names);
    const after = await Promise.all(
      [...instances.map((i) => i.url), balancer.url, balancer.url].map((base) => fileOnce(base)),
    );
    expect(after.map((f) => f.status)).toEqual([201, 201, 201, 201, 201]);
    await expect.poll(listeners, { timeout: 20_000 }).toBe(3);

    // Every ticket answered 201 is whole, read through the balancer.
    const tickets = [...filings, ...after].filter((f) => f.status === 201).map((f) => f.ticket!);
    for (const ticket of tickets)
      expect(await signInAndRead(balancer.url, ticket), String(ticket)).toEqual({
        login: 200,
        read: 200,
        files: 1,
      });
    const [counts] = await cluster.db.query<{
      complaints: number;
      without_log: number;
      without_file: number;
      staged: number;
    }>(
      `SELECT (SELECT count(*)::int FROM complaints) AS complaints,
              (SELECT count(*)::int FROM complaints c WHERE NOT EXISTS
                 (SELECT 1 FROM complaint_log l WHERE l.complaint_id = c.id)) AS without_log,
              (SELECT count(*)::int FROM complaints c WHERE NOT EXISTS
                 (SELECT 1 FROM complaint_files f WHERE f.complaint_id = c.id)) AS without_file,
              (SELECT count(*)::int FROM staged_files) AS staged`,
    );
    expect(counts!.complaints).toBeGreaterThanOrEqual(tickets.length);
    expect(counts!.complaints).toBeLessThanOrEqual(tickets.length + refused);
    expect(counts!.without_log).toBe(0);
    expect(counts!.without_file).toBe(0);
    // A filing that failed leaves at most its upload staged, which the hourly sweep deletes.
    expect(counts!.staged).toBeLessThanOrEqual(refused);
    for (const i of instances) expect(i.child.exitCode).toBeNull();
  });
});
