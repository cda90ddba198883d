import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, type TestApp } from '@canal/test-support/app';
import { anonymous, file, headers } from '@canal/test-support/complaints';
import { clientKey } from '../../src/core/auth/client-limit-store';
import { StaffThrottle } from '../../src/back-office/staff/staff-throttle';

// Two API instances on one database, as two processes behind the balancer: each has services of
// its own (nothing in memory is shared), so only what the database counts is shared.
const limits = { login: 3, recovery: 2, filing: 2 };
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await buildTestApp({ clientLimits: limits });
  b = await buildSecondInstance(a, { clientLimits: limits });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const TOO_MANY = 'Demasiados intentos. Espere unos minutos antes de intentar nuevamente.';

const login = (t: TestApp, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/denuncias/login',
    headers: headers(),
    payload: { ticket: 111111111111, password: 'Mala#Clave1' },
    remoteAddress,
  });

describe('per-client limits across instances', () => {
  it('counts sign-ins once: three on one instance, and the next on the other is refused', async () => {
    for (let i = 0; i < 3; i++) expect((await login(a, '198.51.100.11')).statusCode).toBe(401);
    const refused = await login(b, '198.51.100.11');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    // Still refused on the first instance; another client is not affected on either.
    expect((await login(a, '198.51.100.11')).statusCode).toBe(429);
    expect((await login(b, '198.51.100.12')).statusCode).toBe(401);
  });

  it('counts recovery requests once across instances', async () => {
    const ask = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/denuncias/codigo',
        headers: headers(),
        payload: { email: 'a@correo.cl' },
        remoteAddress: '198.51.100.21',
      });
    expect((await ask(a)).statusCode).toBe(200);
    expect((await ask(b)).statusCode).toBe(200);
    const refused = await ask(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY);
  });

  it('counts filings once across instances', async () => {
    expect((await file(a.app, anonymous())).statusCode).toBe(201);
    expect((await file(b.app, anonymous())).statusCode).toBe(201);
    const refused = await file(a.app, anonymous());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Desde esta red ya se enviaron muchas denuncias/);
    expect((await file(b.app, anonymous())).statusCode).toBe(429);
  });

  it('counts staff sign-ins per client once across instances', async () => {
    const policy = {
      perClientEmail: 100,
      perEmail: 100,
      perClient: 3,
      windowMinutes: 15,
      lockMinutes: 15,
    };
    for (const t of [a, b])
      t.services.backOffice.throttle = new StaffThrottle(
        t.db,
        t.services.keyring.derive('client-limits'),
        policy,
      );
    const attempt = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/gestion/sesion',
        payload: { email: `p${i}@otro.cl`, password: 'cualquier cosa1', codigo: '123456' },
        remoteAddress: '198.51.100.31',
      });
    expect((await attempt(a, 1)).statusCode).toBe(401);
    expect((await attempt(b, 2)).statusCode).toBe(401);
    expect((await attempt(a, 3)).statusCode).toBe(401);
    const refused = await attempt(b, 4);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Demasiados intentos/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stores no client address in any table, only keyed hashes', async () => {
    const tables = await a.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((r) => r.table_name)).toContain('client_limits');
    let dump = '';
    for (const { table_name } of tables)
      dump += JSON.stringify(await a.db.query(`SELECT * FROM "${table_name}"`));
    for (const address of ['198.51.100.11', '198.51.100.12', '198.51.100.21', '198.51.100.31'])
      expect(dump).not.toContain(address);
    // The counts are there, under the keyed hash of the limit and the address.
    const hmacKey = a.services.keyring.derive('client-limits');
    const [row] = await a.db.query<{ hits: number }>(
      'SELECT hits FROM client_limits WHERE key = $1',
      [clientKey(hmacKey, 'POST /v1/denuncias/login', '198.51.100.11')],
    );
    expect(row?.hits).toBeGreaterThan(3);
    const staff = await a.db.query<{ failures: number }>(
      'SELECT failures FROM staff_client_throttle WHERE key = $1',
      [clientKey(hmacKey, 'staff-sign-in', '198.51.100.31')],
    );
    expect(staff).toEqual([{ failures: 4 }]);
  });
});
