import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Lifecycle } from '../../src/http/health';
import { buildTestApp, type TestApp } from '@canal/test-support/app';

let t: TestApp;
let lifecycle: Lifecycle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await buildTestApp();
  // A built portal is present: its fallback answers index.html for unknown paths, not for these.
  const webDist = path.join(t.dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
  lifecycle = { shuttingDown: false };
  app = await buildApp(t.services, { logger: false, webDist, lifecycle, globalRateLimit: 3 });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('health endpoints', () => {
  it('/livez and /readyz answer JSON, not the portal page, and never count against the rate limit', async () => {
    expect((await app.inject({ url: '/otra-pagina' })).body).toContain('portal');
    for (let i = 0; i < 6; i++) {
      const live = await app.inject({ url: '/livez' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['content-type']).toMatch(/application\/json/);
      expect(ready.json()).toEqual({ status: 'ok' });
    }
  });

  it('/readyz fails with 503 and a reason while shutting down; /livez stays 200', async () => {
    lifecycle.shuttingDown = true;
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'shutting-down' });
      expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    } finally {
      lifecycle.shuttingDown = false;
    }
  });

  it('/readyz fails with 503 when storage cannot be used', async () => {
    const store = t.services.files.store;
    const downStore = Object.assign(Object.create(store) as typeof store, {
      ping: () => Promise.reject(new Error('down')),
    });
    const files = Object.assign(Object.create(t.services.files) as typeof t.services.files, {
      store: downStore,
    });
    const broken = await buildApp(
      { ...t.services, files },
      { logger: false, webDist: path.join(t.dataDir, 'no-web') },
    );
    try {
      const ready = await broken.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'storage' });
    } finally {
      await broken.close();
    }
  });

  // Last: it closes the database.
  it('/readyz fails with 503 once the database is closed', async () => {
    await t.db.close();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database' });
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
  });
});
