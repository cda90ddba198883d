import { timingSafeEqual } from 'node:crypto';
import { contract, routeSchema } from '@canal/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface MetricsSources {
  /** Mail waiting to be sent, the age of the oldest in seconds, and mail given up on. */
  outbox: () => Promise<{ pending: number; oldestPendingSeconds: number; failed: number }>;
  /** Password hashes waiting for a free argon2 slot. */
  argon2Queue: () => number;
  /** Object-store calls that failed since the process started, by operation. */
  storageErrors: () => Readonly<Record<string, number>>;
}

export interface MetricsOptions {
  /** Unset: /metrics answers 404. */
  token?: string;
  sources: MetricsSources;
}

/**
 * Prometheus metrics of one process (`prom-client`, a registry of its own), served at /metrics
 * only with `Authorization: Bearer <METRICS_TOKEN>`; 404 otherwise, as if it did not exist.
 * Requests are labelled by route pattern (never the URL: no ids or codes in labels).
 */
export const metricsRoutes: FastifyPluginAsync<MetricsOptions> = async (app, options) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests: latency by route pattern, method and status (its _count is the request count)',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'http_rate_limited_total',
    help: 'Requests refused with 429 (a per-client limit or throttle), by route pattern',
    labelNames: ['route'],
    registers: [registry],
  });
  const { sources } = options;
  new Gauge({
    name: 'outbox_pending',
    help: 'Mail in the outbox not yet sent (pending or being sent)',
    registers: [registry],
    async collect() {
      const stats = await sources.outbox();
      this.set(stats.pending);
      oldest.set(stats.oldestPendingSeconds);
      failed.set(stats.failed);
    },
  });
  const oldest = new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest mail not yet sent (0 when none)',
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'outbox_failed',
    help: 'Mail given up on after every retry (needs an operator)',
    registers: [registry],
  });
  new Gauge({
    name: 'argon2_queue_length',
    help: 'Password hashes waiting for a free argon2 slot',
    registers: [registry],
    collect() {
      this.set(sources.argon2Queue());
    },
  });
  new Counter({
    name: 'storage_errors_total',
    help: 'Object-store calls that failed (put, get, delete, ping), by operation',
    labelNames: ['operation'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [operation, count] of Object.entries(sources.storageErrors()))
        this.inc({ operation }, count);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const status = String(reply.statusCode);
      duration.observe({ route, method: request.method, status }, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) refusals.inc({ route });
    }
    done();
  });

  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  app.get(
    '/metrics',
    { config: { rateLimit: false }, logLevel: 'warn', schema: routeSchema(contract.metrics) },
    async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.code(404).send({ message: 'El recurso solicitado no existe.' });
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    },
  );
};

// Not encapsulated (what fastify-plugin does): the onResponse hook must see every route.
(metricsRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
