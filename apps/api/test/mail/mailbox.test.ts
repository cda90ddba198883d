import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, EMAIL, file } from '@canal/test-support/complaints';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the local mailbox (no SMTP_URL)', () => {
  it('keeps the messages and shows them at /dev/correo and /dev/correo.json', async () => {
    const { ticket } = (await file(t.app, denuncia())).json();
    expect((await t.services.outbox.drain(t.db)).sent).toBe(1);
    const json = await t.app.inject({ method: 'GET', url: '/dev/correo.json' });
    const mails = json.json() as { to: string; subject: string; text: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(EMAIL);
    expect(mails[0]!.subject).toContain(String(ticket));
    const page = await t.app.inject({ method: 'GET', url: '/dev/correo' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Correo local (1)');
    expect(page.body).toContain(String(ticket));
    // Kept sealed in the database like everything else.
    const [row] = await t.db.query<{ message_enc: string }>('SELECT message_enc FROM mailbox');
    expect(row!.message_enc).not.toContain(EMAIL);
  });

  it('is not served in production', async () => {
    const prod = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        SIGNING_KEY: 'b'.repeat(64),
        PUBLIC_URL: 'https://canaldenuncias.example.cl',
        BOT_CHECK: 'altcha',
        SMTP_URL: 'smtp://127.0.0.1:1',
      },
    });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/correo' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/dev/correo.json' })).statusCode).toBe(
        404,
      );
      const res = await prod.app.inject({ method: 'GET', url: '/v1/configuracion' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await prod.close();
    }
  });
});
