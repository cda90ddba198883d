import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_NAME_MESSAGES } from '@canal/shared';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { HEAD_OFFICE } from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';
import { ERRORS } from '../../src/errors';

/** Staff names refuse NUL (400, not 500), control characters and bidi overrides (issue 9). */

let t: TestApp;
let admin: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
});
afterAll(() => t.close());

const invite = (nombre: string) =>
  admin.call(contract.inviteUser, {
    body: {
      email: `nombre.${Math.random().toString(36).slice(2)}@empresa.cl`,
      nombre,
      rol: 'investigador',
      organizaciones: [HEAD_OFFICE],
    },
  });

describe('staff names', () => {
  it('refuse NUL with a 400 and the Spanish message', async () => {
    const res = await invite('Ana\u0000Pérez');
    expect(res.statusCode).toBe(400);
    // The back office refuses a NUL in any field before the schema reads it (issue 25,
    // nul-bytes.test.ts); the name's own schema refuses it too (shared staff.test.ts, the form).
    expect(res.json().message).toBe(ERRORS.NUL_CHARACTER.message);
  });

  it('refuse control characters and bidi overrides on invitation and on update', async () => {
    for (const name of ['Ana\u0007Pérez', 'Ana \u202eZEREP', 'Ana\u2066Pérez', 'Ana\u200fPérez']) {
      const res = await invite(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toContain(STAFF_NAME_MESSAGES.unsafe);
    }
    const ok = await invite('Ana Pérez');
    expect(ok.statusCode).toBe(201);
    const [user] = await t.db.query<{ id: number }>(
      `SELECT id FROM staff_users WHERE name = 'Ana Pérez'`,
    );
    const res = await admin.call(contract.updateUser, {
      params: { id: user!.id },
      body: { nombre: '\u202eAna' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(STAFF_NAME_MESSAGES.unsafe);
    const names = await t.db.query<{ name: string }>('SELECT name FROM staff_users');
    expect(names.every((n) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(n.name))).toBe(true);
  });
});
