import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db, ListenHandlers, Listening, SqlParam } from './database';
import { CONNECT_TIMEOUT_MS, INT8_OID, NUMERIC_OID, toNumber, translated } from './driver-errors';

/** How long a lost listening connection waits before connecting again, and how often it is pinged. */
export const LISTEN_RETRY_MS = 1_000;
export const LISTEN_PING_MS = 10_000;

export async function openPostgres(url: string, schema?: string): Promise<Db> {
  pg.types.setTypeParser(INT8_OID, toNumber);
  pg.types.setTypeParser(NUMERIC_OID, toNumber);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: schema ? `-c search_path=${schema}` : undefined,
    statement_timeout: 30_000,
    // A server that does not answer at all (a failover to an address not up yet) fails a request
    // within this long as DATABASE_UNAVAILABLE instead of holding it; also the longest a request
    // waits for a free connection of the pool.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  pool.on('error', () => {});
  const run =
    (c: pg.Pool | pg.PoolClient): Db['query'] =>
    <T>(text: string, params: SqlParam[] = []) =>
      translated(async () => (await c.query(text, params)).rows as T[]);
  // Without parameters, pg sends the simple query protocol, which takes several statements.
  const exec =
    (c: pg.Pool | pg.PoolClient): Db['exec'] =>
    (script) =>
      translated(async () => {
        await c.query(script);
      });
  const listeners = new Set<Listening>();
  return {
    kind: 'postgres',
    query: run(pool),
    exec: exec(pool),
    listen(channel, handlers) {
      const listening = listenOn(
        url,
        schema,
        channel,
        handlers,
        (scoped, payload) => pool.query('SELECT pg_notify($1, $2)', [scoped, payload]),
        () => listeners.delete(listening),
      );
      listeners.add(listening);
      return listening;
    },
    async transaction(work) {
      const client = await translated(() => pool.connect());
      // A client checked out of the pool has no 'error' listener of the pool's: when the server
      // ends its connection (a restart, a failover) the client emits 'error', which would crash
      // the process. Its queries fail on their own; the client is then destroyed, not reused.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost ??= error);
      client.on('error', onError);
      const committed: (() => void)[] = [];
      try {
        await run(client)('BEGIN');
        const inner: Db = {
          kind: 'postgres',
          query: run(client),
          exec: exec(client),
          transaction: (w) => w(inner),
          afterCommit: (fn) => committed.push(fn),
          close: async () => {},
        };
        const result = await work(inner);
        await run(client)('COMMIT');
        for (const fn of committed) fn();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: Error) => (lost ??= rollback));
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.close()));
      if (pool.ended) return;
      await pool.end();
    },
  };
}

/**
 * One LISTEN connection (not from the pool: a pooled client would be handed to queries). It is
 * `live` only once a probe — a NOTIFY sent through the pool, as an edit's is — has come back on
 * it, and probed again every LISTEN_PING_MS: a half-open socket never errors, and behind a pooler
 * in transaction mode a LISTEN succeeds but hears nothing. A failed probe, an error or the end of
 * the connection reports `lost` and connects again after LISTEN_RETRY_MS; every `live` lets the
 * subscriber catch up on what it missed meanwhile.
 */
function listenOn(
  url: string,
  schema: string | undefined,
  channel: string,
  handlers: ListenHandlers,
  notify: (channel: string, payload: string) => Promise<unknown>,
  forget: () => void,
): Listening {
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      options: schema ? `-c search_path=${schema}` : undefined,
      application_name: 'canal-listen',
      keepAlive: true,
      query_timeout: LISTEN_PING_MS,
    });
    client = c;
    let wasLive = false;
    /** The probe in flight: its payload and what to call when it comes back. */
    let probe: { payload: string; back: () => void } | null = null;
    const drop = () => {
      if (client !== c) return;
      client = null;
      pid = null;
      clearInterval(ping);
      c.end().catch(() => {});
      if (wasLive) handlers.lost();
      if (!closed) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS).unref();
    };
    /** Sends a probe through the pool; resolves true when it came back within LISTEN_PING_MS. */
    const probed = (scoped: string) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), LISTEN_PING_MS).unref();
        const payload = `probe:${randomUUID()}`;
        probe = {
          payload,
          back: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        notify(scoped, payload).catch(() => {
          clearTimeout(timer);
          resolve(false);
        });
      });
    c.on('error', drop);
    c.on('end', drop);
    try {
      await c.connect();
      const [row] = (
        await c.query<{ schema: string; pid: number }>(
          'SELECT current_schema() AS schema, pg_backend_pid() AS pid',
        )
      ).rows;
      const scoped = `${channel}:${row!.schema}`;
      c.on('notification', (message) => {
        if (message.channel !== scoped) return;
        const payload = message.payload ?? '';
        if (!payload.startsWith('probe:')) handlers.notify();
        else if (payload === probe?.payload) probe.back();
        // Another instance's probe: nothing changed.
      });
      await c.query(`LISTEN ${c.escapeIdentifier(scoped)}`);
      if (!(await probed(scoped))) return drop();
      if (client !== c) return;
      pid = row!.pid;
      wasLive = true;
      ping = setInterval(
        () => void probed(scoped).then((ok) => ok || drop()),
        LISTEN_PING_MS,
      ).unref();
      handlers.live();
    } catch {
      drop();
    }
  };
  void connect();
  return {
    get pid() {
      return pid;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      forget();
      const c = client;
      client = null;
      pid = null;
      await c?.end().catch(() => {});
    },
  };
}
