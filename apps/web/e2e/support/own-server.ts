import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createAdministrator, createServices, loadConfig, type Services } from '@canal/api/testing';
import { startServerProcess, type ServerProcess } from '@canal/test-support/server-process';
import { e2eServerEnv } from './server-env';

/**
 * A server of a spec's own, for a spec that must stop, kill or restart it, or work on its embedded
 * database (PGlite is held by one process at a time): the real server (`apps/api/src/server.ts`) on the portal the
 * global setup built, with the run's settings, on a data folder of its own. Its first administrator
 * is created the way `npm run admin:create` does, before the server holds the database.
 */
export interface OwnServer {
  port: number;
  base: string;
  /** The administrator's activation token (the link's fragment); null when none was asked for. */
  adminToken: string | null;
  /** Stops the server (SIGTERM) and waits for it to exit: its database is free then. */
  stop(): Promise<void>;
  /** Kills the server (SIGKILL), as a crash would, and waits until it is gone: the signal seen. */
  kill(): Promise<NodeJS.Signals | null>;
  /** Starts the server again on the same port, folder and keys (after `stop` or `kill`). */
  start(): Promise<void>;
  /** The product's own services on the stopped server's database and folder, as a CLI opens them. */
  services(): Promise<Services>;
  /** Stops the server if it runs and removes its folder. */
  remove(): Promise<void>;
}

export async function startOwnServer(
  admin?: { email: string; name: string },
  /** Settings of the spec's own over the run's (a limit the spec reaches, say). */
  extraEnv: Record<string, string> = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-e2e-own-'));
  const env: Record<string, string> = {
    ...e2eServerEnv(dataDir, inject('webDist')),
    // Nothing to drain for balancers here: stopping is immediate.
    SHUTDOWN_DELAY_MS: '0',
    ...extraEnv,
  };
  const open = (port: number) =>
    createServices(loadConfig({ ...env, PUBLIC_URL: `http://localhost:${port}` }), {
      warn: () => {},
    });

  let link: string | null = null;
  if (admin) {
    const cli = await open(0);
    try {
      link = await createAdministrator(cli, admin.email, admin.name);
    } finally {
      await cli.files.store.close();
      await cli.db.close();
    }
  }

  const launch = (port?: number) =>
    startServerProcess((p) => ({ ...env, PUBLIC_URL: `http://localhost:${p}` }), 'inherit', {
      port,
    });
  let server: ServerProcess | null = await launch();
  const { port } = server;
  const stop = async () => {
    if (!server) return;
    const { child, exited } = server;
    server = null;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
  return {
    port,
    base: `http://localhost:${port}`,
    adminToken: link && new URL(link).hash.slice(1),
    stop,
    async kill() {
      if (!server) return null;
      const { child, exited } = server;
      server = null;
      child.kill('SIGKILL');
      await exited;
      return child.signalCode;
    },
    async start() {
      if (!server) server = await launch(port);
    },
    services: () => open(port),
    async remove() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
