import { createHmac, createSecretKey, hash, type KeyObject } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/database';

/**
 * The key a client is counted under for one limit: an HMAC of the limit's name and the client
 * address, under a key derived from the master key (not in the database). The address itself is
 * never stored, and the same address gives unrelated keys in two limits.
 */
export const clientKey = (hmacKey: Buffer | KeyObject, limit: string, address: string): string =>
  createHmac('sha256', hmacKey).update(`${limit}\n${address}`).digest('base64url');

/** The `client_limits` table: one fixed window per limit and client, shared by every instance. */
export const clientLimitStore = {
  /**
   * Counts one call atomically (one `INSERT … ON CONFLICT … RETURNING`, so concurrent calls on
   * several instances all count); an ended window starts over at 1. The count stops growing at
   * `max + 1` (refused is refused). Returns the count and the milliseconds left in the window.
   */
  async hit(db: Db, key: string, windowMs: number, max: number) {
    const [row] = await db.query<{ hits: number; ttl: number }>(
      `INSERT INTO client_limits AS c (key, hits, window_ends_at)
            VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE least(c.hits + 1, $3::int + 1) END,
         window_ends_at = CASE WHEN c.window_ends_at <= now() THEN EXCLUDED.window_ends_at
                               ELSE c.window_ends_at END
       RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ttl`,
      [key, windowMs, max],
    );
    return { current: row!.hits, ttl: row!.ttl };
  },

  /**
   * Takes one place in `key`'s window if fewer than `max` are taken (one statement, so concurrent
   * calls on several instances never take more than `max`); an ended window starts over. Returns
   * how many were taken before this one and the window's end (to give the place back), or null
   * with the milliseconds left when the window is full. Unlike `hit`, a place is given back with
   * `release` when what it was taken for did not happen (a filing refused or cut).
   */
  async reserve(
    db: Db,
    key: string,
    windowMs: number,
    max: number,
  ): Promise<{ taken: number; windowEndsAt: string } | { full: true; ttl: number }> {
    // The window's end as text: a Date would drop its microseconds and `release` would miss it.
    const [row] = await db.query<{ hits: number; ends: string }>(
      `INSERT INTO client_limits AS c (key, hits, window_ends_at)
            VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
         window_ends_at = CASE WHEN c.window_ends_at <= now() THEN EXCLUDED.window_ends_at
                               ELSE c.window_ends_at END
       WHERE c.window_ends_at <= now() OR c.hits < $3::int
       RETURNING hits, window_ends_at::text AS ends`,
      [key, windowMs, max],
    );
    if (row) return { taken: row.hits - 1, windowEndsAt: row.ends };
    const { ttl } = await clientLimitStore.peek(db, key);
    return { full: true, ttl };
  },

  /** Gives back a place `reserve` took, if its window is still the same one. */
  async release(db: Db, key: string, windowEndsAt: string): Promise<void> {
    await db.query(
      `UPDATE client_limits SET hits = greatest(hits - 1, 0)
        WHERE key = $1 AND window_ends_at = $2::timestamptz`,
      [key, windowEndsAt],
    );
  },

  /** The count of `key`'s live window (0 when none) and the milliseconds left in it. */
  async peek(db: Db, key: string): Promise<{ current: number; ttl: number }> {
    const [row] = await db.query<{ hits: number; ttl: number }>(
      `SELECT hits, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ttl
         FROM client_limits WHERE key = $1 AND window_ends_at > now()`,
      [key],
    );
    return { current: row?.hits ?? 0, ttl: row?.ttl ?? 0 };
  },

  /** Deletes ended windows (the sweep; a live window is never touched). */
  async deleteExpired(db: Db): Promise<number> {
    const rows = await db.query(
      'DELETE FROM client_limits WHERE window_ends_at < now() RETURNING 1',
    );
    return rows.length;
  },
};

/**
 * Counts one event for `subject` (a client address, an e-mail address) under the limit named
 * `limit`, in the shared fixed window of `client_limits`, keyed by `clientKey` like every other
 * limit; whether it is still within `max`. Atomic across instances.
 */
export async function withinLimit(
  db: Db,
  hmacKey: Buffer | KeyObject,
  limit: string,
  subject: string,
  windowMs: number,
  max: number,
): Promise<boolean> {
  const { current } = await clientLimitStore.hit(
    db,
    clientKey(hmacKey, limit, subject),
    windowMs,
    max,
  );
  return current <= max;
}

/**
 * The store `@fastify/rate-limit` counts with. Routes with a limit of their own (sign-in,
 * recovery: `config.rateLimit`; filing has its own, `portal/complaints/filing-limit.ts`) count in PostgreSQL, one window per route and client
 * across the cluster; the global flood limit (every other API route) counts in this process's
 * memory, per instance (documented in SECURITY.md). Neither keeps the address: the database row
 * is keyed by `clientKey`, the memory by a hash of it.
 */
export function clientLimitStoreCtor(db: Db, hmacSecret: Buffer): FastifyRateLimitStoreCtor {
  // A KeyObject made once: with a Buffer, createHmac prepares the key again on every call (seven
  // times the cost of the HMAC itself; the flood limit runs it on every API request).
  const hmacKey = createSecretKey(hmacSecret);
  // The flood limit's key is counted in this process's memory only, on every API request: a
  // one-shot SHA-256 of a secret prefix and the address (one native call), not an HMAC (an object
  // per call; 12 µs of a master-data answer's 79 µs of CPU, decision 0025; figures in
  // docs/bench/server-rows.md, round 4). It never leaves memory, so the HMAC's protection of
  // stored keys (length extension) is not needed here; the prefix keeps the address from being
  // recovered by hashing every IPv4 address.
  const floodPrefix = `${createHmac('sha256', hmacKey).update('global').digest('base64url')}\n`;
  return class ClientLimitStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, { current: number; endsAt: number }>();

    incr(
      address: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const key = hash('sha256', floodPrefix + address, 'base64url');
      const now = Date.now();
      let window = this.windows.get(key);
      if (!window || window.endsAt <= now) {
        if (this.windows.size >= 10_000) this.forgetEnded(now);
        window = { current: 0, endsAt: now + timeWindow };
        this.windows.set(key, window);
      }
      window.current += 1;
      done(null, { current: window.current, ttl: window.endsAt - now });
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // What the plugin hands over is the route's merged limit settings with the route itself
      // under `routeInfo`; the limit is named after the route (method and pattern).
      const route = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: string } })
        .routeInfo;
      const limit = `${String(route?.method)} ${route?.url ?? '?'}`;
      const shared: FastifyRateLimitStore = {
        incr(address, done, timeWindow, max) {
          clientLimitStore
            .hit(db, clientKey(hmacKey, limit, address), timeWindow, max)
            .then((result) => done(null, result), done);
        },
        child: () => shared,
      };
      return shared;
    }

    private forgetEnded(now: number): void {
      for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    }
  };
}
