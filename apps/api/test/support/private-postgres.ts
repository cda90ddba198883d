// A PostgreSQL server of the test's own (issue 25): the crash and cluster tests restart, stop and
// fill it, which they must never do to the machine's shared server at 127.0.0.1:5432. Debian's
// binaries (/usr/lib/postgresql/<version>/bin) in a temporary folder, on a free loopback port;
// as root they run as the `postgres` user (initdb refuses root). `destroy()` stops it by its
// data folder and removes everything.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '@canal/test-support/server-process';

const run = promisify(execFile);

/** The newest PostgreSQL's binaries on this machine (Debian's layout), or PG_BIN. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('No se encontró PostgreSQL (/usr/lib/postgresql/<versión>/bin o PG_BIN)');
  return path.join(root, versions[0]!, 'bin');
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** URL of another database on this server. */
  urlOf(database: string): string;
  /** A query on `database` (a connection of its own, closed after). */
  query<T extends pg.QueryResultRow>(
    text: string,
    params?: unknown[],
    database?: string,
  ): Promise<T[]>;
  /** `pg_ctl restart -m fast`: sessions are ended, the server comes back at once. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m immediate`: the server dies without a clean shutdown (as in a failover). */
  kill(): Promise<void>;
  /** `pg_ctl start` after `kill` (crash recovery runs first). */
  start(): Promise<void>;
  /**
   * What the restart tests put a load through: a restart (a minor upgrade or maintenance), then a
   * failover (the server dies and is away for a moment), with a pause before, between and after.
   */
  restartThenFailover(): Promise<void>;
  /** A folder the server may write to (for a tablespace), owned by its user. */
  ownedFolder(folder: string): void;
  destroy(): Promise<void>;
}

/** initdb, then start on a free port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const root = mkdtempSync(path.join(tmpdir(), 'canal-pg-'));
  // As root, the server runs as `postgres`: its folders must be that user's.
  const owner = asRoot ? await ids() : null;
  const ownedFolder = (folder: string) => {
    if (owner) chownSync(folder, ...owner);
  };
  const data = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  const port = await freePort();
  const as = async (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    try {
      await run(file, argv, { cwd: root });
    } catch (error) {
      const detail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-30) : [];
      throw new Error(`${tool} ${args[0]} falló:\n${detail.join('\n')}`, { cause: error });
    }
  };
  ownedFolder(root);
  await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    // The machine never crashes under it, only the server: what it wrote is in the page cache.
    // Commits stay synchronous (a kill must not lose a transaction already answered).
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    '-c max_connections=100',
  ].join(' ');
  const start = () =>
    as('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', log, '-o', options]);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let destroyed = false;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const kill = () => as('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]);
  const restart = () =>
    as('pg_ctl', ['restart', '-m', 'fast', '-w', '-t', '60', '-D', data, '-l', log, '-o', options]);
  return {
    url,
    port,
    urlOf,
    async query<T extends pg.QueryResultRow>(
      text: string,
      params: unknown[] = [],
      database = 'postgres',
    ) {
      const client = new pg.Client({ connectionString: urlOf(database) });
      await client.connect();
      try {
        return (await client.query<T>(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    restart,
    kill,
    async restartThenFailover() {
      await sleep(1_500);
      await restart();
      await sleep(1_500);
      await kill();
      await sleep(1_500);
      await start();
      await sleep(2_000);
    },
    start,
    ownedFolder,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await as('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]).catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The `postgres` user's uid and gid. */
async function ids(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([
    run('id', ['-u', 'postgres']).then((r) => Number(r.stdout.trim())),
    run('id', ['-g', 'postgres']).then((r) => Number(r.stdout.trim())),
  ]);
  return [uid, gid];
}
