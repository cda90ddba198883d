import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { headers } from '../support/complaints';
import { PasswordHasher } from '../../src/modules/auth/passwords';
import { AppError } from '../../src/errors';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clientLimits: { login: 3, recovery: 2 } });
});
afterAll(() => t.close());

describe('per-client limits', () => {
  it('answers 429 with Retry-After after too many sign-ins from one client, whatever the codes', async () => {
    const attempt = (ticket: number) =>
      t.app.inject({ method: 'POST', url: '/v1/denuncias/login', headers: headers(), payload: { ticket, password: 'Mala#Clave1' } });
    expect((await attempt(111111111111)).statusCode).toBe(401);
    expect((await attempt(222222222222)).statusCode).toBe(401);
    expect((await attempt(333333333333)).statusCode).toBe(401);
    const limited = await attempt(444444444444);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe('Demasiados intentos. Espere unos minutos antes de intentar nuevamente.');
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
    const ask = () => t.app.inject({ method: 'POST', url: '/v1/denuncias/codigo', headers: headers(), payload: { email: 'a@correo.cl' } });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });
});

describe('argon2 concurrency', () => {
  it('runs at most the given number at once and refuses beyond the queue', async () => {
    const hasher = new PasswordHasher(1, 1);
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
