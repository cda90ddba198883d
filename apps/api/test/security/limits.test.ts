import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { headers } from '@canal/test-support/complaints';
import { PasswordHasher } from '../../src/core/auth/passwords';
import { AppError } from '../../src/errors';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clientLimits: { login: 3, recovery: 2 } });
});
afterAll(() => t.close());

describe('per-client limits', () => {
  it('answers 429 with Retry-After after too many sign-ins from one client, whatever the codes', async () => {
    const attempt = (ticket: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/denuncias/login',
        headers: headers(),
        payload: { ticket, password: 'Mala#Clave1' },
      });
    expect((await attempt(111111111111)).statusCode).toBe(401);
    expect((await attempt(222222222222)).statusCode).toBe(401);
    expect((await attempt(333333333333)).statusCode).toBe(401);
    const limited = await attempt(444444444444);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe(
      'Demasiados intentos. Espere unos minutos antes de intentar nuevamente.',
    );
    // Another client is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias/login',
      headers: headers(),
      payload: { ticket: 555555555555, password: 'Mala#Clave1' },
      remoteAddress: '10.1.2.3',
    });
    expect(other.statusCode).toBe(401);
  });

  it('limits recovery requests per client', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/denuncias/codigo',
        headers: headers(),
        payload: { email: 'a@correo.cl' },
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });
});

describe('argon2 concurrency', () => {
  it('runs at most the given number at once and refuses beyond the queue', async () => {
    const hasher = new PasswordHasher(1, 1, 1, 1);
    const first = hasher.hash('Uno#2024a');
    const second = hasher.hash('Dos#2024a');
    await expect(hasher.hash('Tres#2024a')).rejects.toBeInstanceOf(AppError);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(b, 'Dos#2024a')).toBe(true);
    expect(await hasher.verify(b, 'Uno#2024a')).toBe(false);
  });
});

describe('timeouts', () => {
  it('are set and long enough for a 120 MB upload on a slow line', () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBeGreaterThanOrEqual(30 * 60 * 1000);
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(t.app.initialConfig.connectionTimeout).toBeGreaterThan(0);
    expect(server.keepAliveTimeout).toBeGreaterThan(0);
  });
});

describe('the global per-client limit', () => {
  it('counts API calls only, not the portal files', async () => {
    const limited = await buildTestApp({ globalRateLimit: 2 });
    try {
      const api = () => limited.app.inject({ method: 'GET', url: '/v1/configuracion' });
      expect((await api()).statusCode).toBe(200);
      expect((await api()).statusCode).toBe(200);
      expect((await api()).statusCode).toBe(429);
      // Pages and files of the portal are still served to the same client.
      for (let i = 0; i < 5; i++) {
        expect(
          (await limited.app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode,
        ).not.toBe(429);
      }
    } finally {
      await limited.close();
    }
  });

  it('counts each client address apart', async () => {
    const limited = await buildTestApp({ globalRateLimit: 2 });
    try {
      const from = (remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/v1/configuracion', remoteAddress });
      expect((await from('198.51.100.41')).statusCode).toBe(200);
      expect((await from('198.51.100.41')).statusCode).toBe(200);
      expect((await from('198.51.100.41')).statusCode).toBe(429);
      // Another address is counted under its own key, and IPv6 addresses by their /64.
      expect((await from('198.51.100.42')).statusCode).toBe(200);
      expect((await from('2001:db8:1:2::1')).statusCode).toBe(200);
      expect((await from('2001:db8:1:2::2')).statusCode).toBe(200);
      expect((await from('2001:db8:1:2::3')).statusCode).toBe(429);
      expect((await from('2001:db8:1:3::1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is set by RATE_LIMIT_PER_MINUTE, and 0 turns it off while the sign-in limit still holds', async () => {
    const two = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    const off = await buildTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '0' },
      clientLimits: { login: 2, recovery: 100_000, filing: 100_000 },
    });
    try {
      const config = (app: typeof two.app) =>
        app.inject({ method: 'GET', url: '/v1/configuracion' });
      expect((await config(two.app)).statusCode).toBe(200);
      expect((await config(two.app)).statusCode).toBe(200);
      expect((await config(two.app)).statusCode).toBe(429);
      for (let i = 0; i < 700; i++) expect((await config(off.app)).statusCode).toBe(200);
      const login = () =>
        off.app.inject({
          method: 'POST',
          url: '/v1/denuncias/login',
          headers: headers(),
          payload: { ticket: 123456789012, password: 'Incorrecta#1' },
        });
      expect((await login()).statusCode).not.toBe(429);
      expect((await login()).statusCode).not.toBe(429);
      expect((await login()).statusCode).toBe(429);
    } finally {
      await two.close();
      await off.close();
    }
  });

  it('takes the sign-in limit from LOGINS_PER_15_MINUTES', async () => {
    const two = await buildTestApp({ env: { LOGINS_PER_15_MINUTES: '2' } });
    try {
      const login = () =>
        two.app.inject({
          method: 'POST',
          url: '/v1/denuncias/login',
          headers: headers(),
          payload: { ticket: 123456789012, password: 'Incorrecta#1' },
        });
      expect((await login()).statusCode).toBe(401);
      expect((await login()).statusCode).toBe(401);
      const refused = await login();
      expect(refused.statusCode).toBe(429);
    } finally {
      await two.close();
    }
  });

  it('takes the client address from X-Forwarded-For only from the proxies in TRUST_PROXY', async () => {
    const behindProxy = await buildTestApp({
      globalRateLimit: 1,
      env: { TRUST_PROXY: '127.0.0.1' },
    });
    const direct = await buildTestApp({ globalRateLimit: 1 });
    try {
      const call = (app: typeof direct.app, forwardedFor: string) =>
        app.inject({
          method: 'GET',
          url: '/v1/configuracion',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // Behind a trusted proxy, two people are two clients.
      expect((await call(behindProxy.app, '198.51.100.1')).statusCode).toBe(200);
      expect((await call(behindProxy.app, '198.51.100.2')).statusCode).toBe(200);
      // Without it, a made-up header does not make a new client.
      expect((await call(direct.app, '198.51.100.1')).statusCode).toBe(200);
      expect((await call(direct.app, '198.51.100.2')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });
});
