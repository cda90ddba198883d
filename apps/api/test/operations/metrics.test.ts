import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { file, denuncia } from '@canal/test-support/complaints';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, INSTANCE_ID: 'api-7' } });
});
afterAll(() => t.close());

describe('/metrics', () => {
  it('answers 404 without the token, with a wrong one, and when METRICS_TOKEN is unset', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(404);
    const unset = await buildApp(
      { ...t.services, config: { ...t.services.config, METRICS_TOKEN: undefined } },
      { logger: false },
    );
    try {
      const res = await unset.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await unset.close();
    }
  });

  it('counts requests by route pattern and status, the outbox and the argon2 queue', async () => {
    await file(t.app, denuncia()); // one mail waits in the outbox
    await t.app.inject({ url: '/v1/datos-maestros/zonas', headers: { 'x-filial': 'nope' } });
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const body = res.body;
    expect(body).toMatch(
      /http_request_duration_seconds_count\{route="\/v1\/denuncias",method="POST",status="201"\} 1/,
    );
    expect(body).toMatch(
      /http_request_duration_seconds_count\{route="\/v1\/datos-maestros\/zonas",method="GET",status="400"\} 1/,
    );
    expect(body).toMatch(/^outbox_pending 1$/m);
    expect(body).toMatch(/^outbox_oldest_pending_age_seconds \d/m);
    expect(body).toMatch(/^outbox_failed 0$/m);
    expect(body).toMatch(/^argon2_queue_length 0$/m);
    expect(body).toContain('http_rate_limited_total');
  });

  it('counts 429 refusals', async () => {
    const limited = await buildTestApp({ env: { METRICS_TOKEN: TOKEN }, globalRateLimit: 1 });
    try {
      for (let i = 0; i < 3; i++) await limited.app.inject({ url: '/v1/datos-maestros/zonas' });
      const res = await limited.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.body).toMatch(/http_rate_limited_total\{route="\/v1\/datos-maestros\/zonas"\} 2/);
    } finally {
      await limited.close();
    }
  });
});

describe('request ids', () => {
  it('echoes a valid X-Request-Id and replaces a bad or missing one with a UUID', async () => {
    const given = await t.app.inject({ url: '/livez', headers: { 'x-request-id': 'lb-abc.123' } });
    expect(given.headers['x-request-id']).toBe('lb-abc.123');
    const bad = await t.app.inject({ url: '/livez', headers: { 'x-request-id': 'a b\u0000<' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none1 = await t.app.inject({ url: '/livez' });
    const none2 = await t.app.inject({ url: '/livez' });
    expect(none1.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none1.headers['x-request-id']).not.toBe(none2.headers['x-request-id']);
  });

  it('logs JSON lines carrying the instance id and the request id', async () => {
    const lines: string[] = [];
    const logged = await buildApp(t.services, {
      logger: { level: 'info', stream: { write: (l) => void lines.push(l) } },
    });
    try {
      await logged.inject({
        url: '/v1/datos-maestros/zonas',
        headers: { 'x-request-id': 'req-xyz' },
      });
    } finally {
      await logged.close();
    }
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.instance).toBe('api-7');
    expect(entries.some((e) => e.reqId === 'req-xyz')).toBe(true);
  });
});
