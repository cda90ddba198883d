import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildSecondInstance, buildTestApp, type TestApp } from '@canal/test-support/app';
import { anonymous, headers } from '@canal/test-support/complaints';
import { multipart } from '@canal/test-support/multipart';

// Issue 21: an office behind one address files as many people; a script from one address is
// slowed (more ALTCHA work) and then refused. Two instances on one database, the default limit
// (FILINGS_PER_HOUR, 60), and the real ALTCHA check with a fixed base work of 10 so that the
// work of each challenge can be read off its solution.
const OFFICE = '203.0.113.10';
const ELSEWHERE = '198.51.100.77';
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const options = {
    env: { BOT_CHECK: 'altcha' },
    altcha: { counterRange: [10, 10] as [number, number] },
    clientLimits: { login: 100_000, recovery: 100_000 },
  };
  a = await buildTestApp(options);
  b = await buildSecondInstance(a, options);
}, 180_000);
afterAll(async () => {
  await b.close();
  await a.close();
});

/** A challenge served to `address` and its solution: the token, the work done and the level. */
async function solve(t: TestApp, address: string) {
  const res = await t.app.inject({ method: 'GET', url: '/v1/altcha', remoteAddress: address });
  expect(res.statusCode).toBe(200);
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no se pudo resolver el desafío');
  return {
    token: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    work: solution.counter,
    level: challenge.parameters.data?.nivel,
  };
}

function fileFrom(t: TestApp, address: string, token: string, payload = anonymous()) {
  const { body, headers: h } = multipart([{ name: 'denuncia', json: payload }]);
  return t.app.inject({
    method: 'POST',
    url: '/v1/denuncias',
    payload: body,
    headers: { ...h, ...headers(), 'x-grecaptcha': token },
    remoteAddress: address,
  });
}

describe('filing from a shared network', () => {
  it('receives twenty colleagues from one address, whose failed tries do not count, at ordinary work', async () => {
    for (let i = 0; i < 20; i++) {
      const t = i % 2 ? b : a;
      if (i % 4 === 0) {
        // A try refused by validation (no account of the facts) is not a filing and does not count.
        const refused = await fileFrom(t, OFFICE, (await solve(t, OFFICE)).token, {
          ...anonymous(),
          relato: '',
        });
        expect(refused.statusCode).toBe(400);
        // Nor does one refused by the bot check.
        expect((await fileFrom(t, OFFICE, 'bm8gZXMgdW4gdG9rZW4=')).statusCode).toBe(403);
      }
      const { token, work, level } = await solve(t, OFFICE);
      expect({ work, level }).toEqual({ work: 10, level: 0 });
      expect((await fileFrom(t, OFFICE, token)).statusCode).toBe(201);
    }
  });

  it('slows a scripted flood from that address with more work, then refuses it with the wait in Spanish', async () => {
    // A stock of cheap tokens solved from another address, as a script would gather them.
    const stock = [(await solve(a, ELSEWHERE)).token, (await solve(b, ELSEWHERE)).token];
    const works: number[] = [];
    for (let filed = 20; filed < 60; filed++) {
      const t = filed % 2 ? b : a;
      if (filed === 30) {
        // From the second level on, a token of ordinary work is refused for this address.
        expect((await fileFrom(t, OFFICE, stock.pop()!)).statusCode).toBe(403);
      }
      const { token, work } = await solve(t, OFFICE);
      works.push(work);
      expect((await fileFrom(t, OFFICE, token)).statusCode).toBe(201);
    }
    // The work grows fourfold every ten filings: 40, 160, 640, 2560 counter steps.
    expect([works[0], works[10], works[20], works[30], works[39]]).toEqual([
      40, 160, 640, 2560, 2560,
    ]);

    const refused = await fileFrom(a, OFFICE, (await solve(a, OFFICE)).token);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(55 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    expect(refused.json().message).toBe(
      `Desde esta red ya se enviaron muchas denuncias en la última hora. Lo que escribió se conserva en el formulario: intente enviarla nuevamente en ${Math.ceil(wait / 60)} minutos.`,
    );
    // The other instance refuses too; another address files at ordinary work.
    expect((await fileFrom(b, OFFICE, (await solve(b, OFFICE)).token)).statusCode).toBe(429);
    const other = await solve(b, ELSEWHERE);
    expect(other.work).toBe(10);
    expect((await fileFrom(b, ELSEWHERE, other.token)).statusCode).toBe(201);
    // The unused cheap token of the stock still works where there is no flood.
    expect((await fileFrom(a, ELSEWHERE, stock.pop()!)).statusCode).toBe(201);
  });
});
