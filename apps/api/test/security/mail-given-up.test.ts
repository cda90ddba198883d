import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file } from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

/**
 * Mail given up after its last attempt does not disappear quietly (issue 9): administrators see it
 * in the back office and are mailed; the alert's own failure is not alerted about (no loop).
 * SMTP points at a closed loopback port, so every send fails for real.
 */

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;

beforeAll(async () => {
  t = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  admin = await staff(t, { role: 'administrador' });
  investigator = await staff(t, { role: 'investigador' });
});
afterAll(() => t.close());

const outbox = () =>
  t.db.query<{ id: number; kind: string; status: string; attempts: number }>(
    'SELECT id, kind, status, attempts FROM outbox ORDER BY id',
  );
/** Every pending message is on its last attempt, and due now. */
const lastAttempt = () =>
  t.db.query(`UPDATE outbox SET attempts = 11, next_attempt_at = now() WHERE status = 'pending'`);

describe('mail given up', () => {
  it('is listed for administrators and mailed to them, without the recipient', async () => {
    expect((await file(t.app, denuncia())).statusCode).toBe(201);
    await t.db.query(`UPDATE outbox SET status = 'sent' WHERE kind <> 'confirmation'`);
    await lastAttempt();
    await t.services.outbox.drain(t.db);

    const rows = await outbox();
    const confirmation = rows.find((r) => r.kind === 'confirmation')!;
    expect(confirmation).toMatchObject({ status: 'failed', attempts: 12 });
    const alerts = rows.filter((r) => r.kind === 'staff-mail-failed');
    // One per active, activated administrator.
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.status).toBe('pending');

    const list = await admin.call(contract.failedMails, {});
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBe(1);
    expect(body.correos[0]).toMatchObject({
      id: confirmation.id,
      tipo: 'confirmation',
      intentos: 12,
    });
    expect(list.body).not.toContain('denunciante.prueba@correo.cl');
    expect((await investigator.call(contract.failedMails, {})).statusCode).toBe(403);
  });

  it('is not alerted about when the failed mail is the alert itself', async () => {
    await lastAttempt();
    await t.services.outbox.drain(t.db);
    const rows = await outbox();
    const alerts = rows.filter((r) => r.kind === 'staff-mail-failed');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.status).toBe('failed');
    // Still listed in the back office.
    const body = (await admin.call(contract.failedMails, {})).json();
    expect(body.correos.map((c: { tipo: string }) => c.tipo)).toContain('staff-mail-failed');
  });
});
