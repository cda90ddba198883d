import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { fileAndLogin, headers } from '@canal/test-support/complaints';
import { StaffThrottle } from '../../src/back-office/staff/staff-throttle';
import { staff } from '@canal/test-support/staff';

let t: TestApp;
let verified = 0;
beforeAll(async () => {
  t = await buildTestApp();
  // Count the real argon2 verifications (the hasher itself runs unchanged).
  const hasher = t.services.hasher;
  const verify = hasher.verify.bind(hasher);
  hasher.verify = (hash, password) => {
    verified += 1;
    return verify(hash, password);
  };
});
afterAll(() => t.close());

describe('the per-ticket lock under a burst', () => {
  it('verifies at most 10 guesses however many arrive at once', async () => {
    const { ticket } = await fileAndLogin(t.app);
    verified = 0;
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/denuncias/login',
          headers: headers(),
          payload: { ticket, password: 'Mala#Clave1' },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(verified).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(50);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
  });

  it('stores the ticket hashed, never in clear', async () => {
    const { ticket } = await fileAndLogin(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias/login',
      headers: headers(),
      payload: { ticket, password: 'Mala#Clave1' },
    });
    const dump = JSON.stringify(await t.db.query('SELECT * FROM login_throttle'));
    expect(dump).not.toContain(String(ticket));
    expect(dump).toContain(t.services.portal.throttle.keyOf(ticket));
  });
});

describe('the staff sign-in counter under a burst', () => {
  it('verifies at most the per-e-mail allowance however many arrive at once', async () => {
    const client = await staff(t);
    t.services.backOffice.throttle = new StaffThrottle(
      t.db,
      t.services.keyring.derive('client-limits'),
      {
        perClientEmail: 5,
        perEmail: 5,
        perClient: 1000,
        windowMinutes: 15,
        lockMinutes: 15,
      },
    );
    verified = 0;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/gestion/sesion',
          payload: { email: client.email, password: 'Mala clave 12345', codigo: '000000' },
        }),
      ),
    );
    expect(verified).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(35);
  });
});
