import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { exitOnError } from './cli/exit-on-error';
import type { Lifecycle } from './http/health';
import { createServices, startWorkers } from './runtime';

/** The process: configuration, services, HTTP on PORT, background workers, clean shutdown. */
async function main() {
  const config = loadConfig();
  // One JSON log: warnings of the start-up (before the logger exists) wait for it, and integrity
  // alarms go through it; nothing is written to the console.
  let log: FastifyBaseLogger | null = null;
  const early: string[] = [];
  const services = await createServices(config, {
    warn: (message) => (log ? log.warn(message) : early.push(message)),
    alarm: (message, detail) => log?.error({ alarm: 'integrity', ...detail }, message),
  });
  const lifecycle: Lifecycle = { shuttingDown: false };
  // WEB_DIST (development only) serves a portal built elsewhere, e.g. `vite build --outDir /tmp/x`.
  const webDist = config.production ? undefined : process.env.WEB_DIST;
  const app = await buildApp(services, {
    logger: { level: config.production ? 'info' : 'warn' },
    webDist,
    lifecycle,
  });
  log = app.log;
  for (const message of early.splice(0)) app.log.warn(message);

  /**
   * SIGTERM/SIGINT: /readyz fails first (the load balancer stops sending new requests) while the
   * server still answers for SHUTDOWN_DELAY_MS; then the listener closes and in-flight requests get
   * SHUTDOWN_GRACE_MS to finish before their connections are cut; the mail worker stops claiming and
   * gives back what it claimed but did not send; the database closes last.
   */
  let stopWorkers: () => Promise<void> = async () => {};
  const shutdown = async (signal: string) => {
    lifecycle.shuttingDown = true;
    app.log.warn({ signal }, 'cerrando: /readyz responde 503');
    await sleep(config.SHUTDOWN_DELAY_MS);
    const closed = app.close();
    const grace = setTimeout(() => {
      app.log.warn('plazo de cierre vencido: se cortan las conexiones abiertas');
      app.server.closeAllConnections();
    }, config.SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(grace);
    await stopWorkers();
    await services.db.close();
    app.log.warn('cerrado');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  // Background work starts once the server listens: a long sweep never delays readiness.
  stopWorkers = startWorkers(services, (msg, err) => app.log.error({ err }, msg));
  app.log.warn({ url: config.publicUrl }, 'Canal de denuncias escuchando');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch(exitOnError);
