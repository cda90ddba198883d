import type { FastifyPluginAsync } from 'fastify';
import { contract, routeSchema } from '@canal/shared/contract';
import type { Db } from '../db/database';

/** What the process reports about itself: set by server.ts when SIGTERM arrives. */
export interface Lifecycle {
  shuttingDown: boolean;
  /** When a write last failed for want of disk space (an answer 507), as Date.now(). */
  diskFullAt?: number;
}

/** How long /readyz fails after a write found the disk full (issue 25). */
export const DISK_FULL_HOLD_MS = 30_000;

export interface HealthOptions {
  db: Db;
  /** Resolves when file storage can be read and written. */
  storagePing: () => Promise<void>;
  lifecycle: Lifecycle;
  /** How long a dependency may take to answer before it counts as down. */
  timeoutMs?: number;
  /** How long readiness fails after a write found the disk full (DISK_FULL_HOLD_MS). */
  diskFullHoldMs?: number;
}

const within = <T>(work: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: sin respuesta en ${ms} ms`)), ms);
    work.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });

/**
 * `GET /livez`: 200 while the process runs (a restart is the cure for anything else), except once
 * the embedded database was given up (`Db.unusable`: its disk filled), which only a restart cures.
 * `GET /readyz`: 200 when the database answers `select 1`, storage answers, writes have room and
 * the process is not shutting down; 503 with `{status, reason}` otherwise, so the load balancer
 * sends traffic elsewhere. Writes have no room (`disk-full`) for `diskFullHoldMs` after a write
 * answered 507 — the database's disk or the files' —, and while PGlite's disk is below its
 * reserve. Neither counts against the rate limit nor reaches the portal's fallback.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, options) => {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const holdMs = options.diskFullHoldMs ?? DISK_FULL_HOLD_MS;
  const { lifecycle, db } = options;
  const diskFull = () =>
    db.diskFull?.() === true ||
    (lifecycle.diskFullAt !== undefined && Date.now() - lifecycle.diskFullAt < holdMs);
  const noLimit = { rateLimit: false };
  app.get(
    '/livez',
    { config: noLimit, logLevel: 'warn', schema: routeSchema(contract.livez) },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (db.unusable) return reply.code(503).send({ status: 'unavailable', reason: 'database' });
      return reply.send({ status: 'ok' });
    },
  );
  app.get(
    '/readyz',
    { config: noLimit, logLevel: 'warn', schema: routeSchema(contract.readyz) },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.shuttingDown)
        return reply.code(503).send({ status: 'unavailable', reason: 'shutting-down' });
      if (diskFull()) return reply.code(503).send({ status: 'unavailable', reason: 'disk-full' });
      try {
        await within(db.query('select 1'), timeoutMs, 'database');
      } catch {
        return reply.code(503).send({ status: 'unavailable', reason: 'database' });
      }
      try {
        await within(options.storagePing(), timeoutMs, 'storage');
      } catch {
        return reply.code(503).send({ status: 'unavailable', reason: 'storage' });
      }
      return reply.send({ status: 'ok' });
    },
  );
};
