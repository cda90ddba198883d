import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { headers } from '@canal/test-support/complaints';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clientLimits: { login: 3, recovery: 2 } });
});
afterAll(() => t.close());

describe('limits by route, whatever the spelling of the path', () => {
  it('limits recovery requests sent to an encoded path like the plain one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: i % 2 ? '/%761/denuncias/codigo' : '/v1/denuncias/c%6Fdigo',
        headers: headers(),
        payload: { email: 'a@correo.cl' },
        remoteAddress: '10.9.9.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(98);
  });

  it('limits sign-ins and answers no-store on an encoded path', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/%761/denuncias/login',
        headers: headers(),
        payload: { ticket: 111111111111, password: 'Mala#Clave1' },
        remoteAddress: '10.9.9.2',
      });
    const first = await attempt();
    expect(first.statusCode).toBe(401);
    expect(first.headers['cache-control']).toBe('no-store');
    await attempt();
    await attempt();
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['cache-control']).toBe('no-store');
  });
});
