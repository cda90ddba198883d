import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createServices, startWorkers, sweep } from './runtime';

/** The process: configuration, services, HTTP on PORT, background workers, clean shutdown. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const services = await createServices(config);
  // WEB_DIST (development only) serves a portal built elsewhere, e.g. `vite build --outDir /tmp/x`.
  const webDist = config.production ? undefined : process.env.WEB_DIST;
  const app = await buildApp(services, { logger: { level: config.production ? 'info' : 'warn' }, webDist });
  await sweep(services);
  const stopWorkers = startWorkers(services, (msg, err) => app.log.error({ err }, msg));
  const shutdown = async (signal: string) => {
    app.log.warn(`${signal}: cerrando`);
    stopWorkers();
    await app.close();
    await services.db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Canal de denuncias escuchando en ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
