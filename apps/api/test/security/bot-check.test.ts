import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { anonymous, file, headers } from '@canal/test-support/complaints';
import { multipart } from '@canal/test-support/multipart';
import { solvedAltchaToken } from '@canal/test-support/altcha';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { BOT_CHECK: 'altcha' }, altcha: { counterRange: [1, 30] } });
});
afterAll(() => t.close());

/** What the portal's worker does: fetch a challenge, solve it, encode the payload. */
async function solvedToken(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/altcha' });
  expect(res.statusCode).toBe(200);
  return solvedAltchaToken(res.json() as Challenge);
}

function fileWith(token?: string) {
  const { body, headers: h } = multipart([{ name: 'denuncia', json: anonymous() }]);
  return t.app.inject({
    method: 'POST',
    url: '/v1/denuncias',
    payload: body,
    headers: { ...h, ...headers(), ...(token ? { 'x-grecaptcha': token } : {}) },
  });
}

describe('ALTCHA bot check', () => {
  it('tells the portal which check is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/configuracion' });
    expect(res.json()).toEqual({ botCheck: 'altcha', recaptchaSiteKey: null });
  });

  it('accepts a solved challenge once and answers 403 to the same token replayed', async () => {
    const token = await solvedToken();
    expect((await fileWith(token)).statusCode).toBe(201);
    const replay = await fileWith(token);
    expect(replay.statusCode).toBe(403);
    expect(replay.json().message).toBe(
      'No pudimos verificar que la solicitud proviene de una persona. Intente nuevamente.',
    );
  });

  it('answers 403 without a token and with garbage', async () => {
    expect((await fileWith()).statusCode).toBe(403);
    expect((await fileWith('bm8gZXMgdW4gdG9rZW4=')).statusCode).toBe(403);
  });

  it('answers 403 to a solution whose challenge was altered', async () => {
    const token = await solvedToken();
    const decoded = JSON.parse(Buffer.from(token, 'base64').toString()) as { challenge: Challenge };
    decoded.challenge.parameters.expiresAt = Math.floor(Date.now() / 1000) + 86_400;
    expect(
      (await fileWith(Buffer.from(JSON.stringify(decoded)).toString('base64'))).statusCode,
    ).toBe(403);
  });

  it('checks the token before the body: a bad body without a token is a 403, not a 400', async () => {
    for (const [url, payload] of [
      ['/v1/denuncias/login', { ticket: 'no', password: 7 }],
      ['/v1/denuncias/codigo', { email: 'no es un correo' }],
      ['/v1/denuncias/restablecer-password', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: headers(), payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toMatch(/proviene de una persona/);
    }
  });

  it('asks for a token on login too, but not on master data', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias/login',
      headers: headers(),
      payload: { ticket: 123456789012, password: 'x' },
    });
    expect(login.statusCode).toBe(403);
    const master = await t.app.inject({
      method: 'GET',
      url: '/v1/datos-maestros/delitos',
      headers: headers(),
    });
    expect(master.statusCode).toBe(200);
  });

  it('is off only when BOT_CHECK=off is set explicitly', async () => {
    const off = await buildTestApp({ env: { BOT_CHECK: 'off' } });
    try {
      expect((await file(off.app, anonymous())).statusCode).toBe(201);
    } finally {
      await off.close();
    }
  });
});
