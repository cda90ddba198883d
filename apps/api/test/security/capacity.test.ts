import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, headers } from '@canal/test-support/complaints';
import { PasswordHasher } from '../../src/core/auth/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // One verification at a time and a queue of two: a small flood saturates the sign-in lane.
  t.services.hasher = new PasswordHasher(1, 2);
});
afterAll(() => t.close());

describe('argon2 capacity', () => {
  it('files a complaint while a login flood is being refused with 503', async () => {
    const loginCodes: number[] = [];
    let ticket = 100_000_000_000;
    let flooding = true;
    // Eight sign-ins always in flight: the lane (one running, two waiting) stays full.
    const attacker = async () => {
      while (flooding) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/denuncias/login',
          headers: headers(),
          payload: { ticket: ticket++, password: 'Mala#Clave1' },
        });
        loginCodes.push(res.statusCode);
      }
    };
    const attackers = Array.from({ length: 8 }, attacker);
    while (!loginCodes.includes(503)) await new Promise((r) => setTimeout(r, 10));
    const filed = await file(t.app, denuncia());
    flooding = false;
    await Promise.all(attackers);
    expect(loginCodes).toContain(503);
    expect(filed.statusCode).toBe(201);
  });
});
