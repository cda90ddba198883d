import { contract } from '@canal/shared/contract';
import { callApi } from '@canal/test-support/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { decodeMail, startSmtp } from '../support/smtp';
import { denuncia, EMAIL, file, headers, PASSWORD } from '@canal/test-support/complaints';
import { clientKey } from '../../src/core/auth/client-limit-store';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Canal de Denuncias <canal@prueba.cl>' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const FACTS = 'Mi jefatura me grita frente al equipo todas las semanas desde marzo.';

describe('e-mail through a real SMTP server', () => {
  it('sends the confirmation with the code, without password, facts or identity', async () => {
    smtp.inbox.length = 0;
    const { ticket } = (await file(t.app, denuncia())).json();
    expect(smtp.inbox).toHaveLength(0); // never inside the request
    const result = await t.services.outbox.drain(t.db);
    expect(result.sent).toBe(1);
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0]!;
    expect(mail.to).toEqual([EMAIL]);
    const text = decodeMail(mail.raw);
    expect(text).toContain(String(ticket));
    expect(text).toContain('Canal de denuncias');
    for (const secret of [PASSWORD, FACTS, 'María José', 'González', '12345678-5', '912345678']) {
      expect(text).not.toContain(secret);
    }
    // Once sent, the queued copy of the address and data is erased.
    const [row] = await t.db.query<{ payload_enc: string | null; status: string }>(
      'SELECT payload_enc, status FROM outbox ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({ payload_enc: null, status: 'sent' });
  });

  it('mails every code filed with an address on code recovery, and answers the same for an unknown address', async () => {
    const email = 'varias.denuncias@correo.cl';
    const payload = denuncia({ denuncia_ticket: { email, pass: PASSWORD }, email_contacto: email });
    const a = (await file(t.app, payload)).json().ticket;
    const b = (await file(t.app, payload)).json().ticket;
    await t.services.outbox.drain(t.db);
    smtp.inbox.length = 0;

    const known = await callApi(t.app, contract.recoverCodes, {
      headers: headers(),
      body: { email: email.toUpperCase() },
    });
    const unknown = await callApi(t.app, contract.recoverCodes, {
      headers: headers(),
      body: { email: 'nadie@correo.cl' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // The lookup runs after the answer: wait for its mail to be queued.
    for (let i = 0; i < 100; i++) {
      const [row] = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox WHERE kind = 'code-recovery'",
      );
      if (row!.n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await t.services.outbox.drain(t.db);
    expect(smtp.inbox).toHaveLength(1);
    const text = decodeMail(smtp.inbox[0]!.raw);
    expect(text).toContain(String(a));
    expect(text).toContain(String(b));
    expect(text).not.toContain(PASSWORD);
  });

  it('sends a single-use reset link; the new password works and the old one stops working', async () => {
    const { ticket } = (await file(t.app, denuncia())).json();
    await t.services.outbox.drain(t.db);
    smtp.inbox.length = 0;
    const mismatch = await callApi(t.app, contract.requestPasswordReset, {
      headers: headers(),
      body: { codigo: ticket, email: 'otra@correo.cl' },
    });
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json().message).toBe('El correo y/o el código son incorrectos.');

    const ok = await callApi(t.app, contract.requestPasswordReset, {
      headers: headers(),
      body: { codigo: ticket, email: EMAIL },
    });
    expect(ok.statusCode).toBe(200);
    await t.services.outbox.drain(t.db);
    const text = decodeMail(smtp.inbox[0]!.raw);
    const token = /restablecer-contrasena\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect(text).not.toContain(PASSWORD);

    const newPassword = 'Nueva$Clave9';
    const reset = await callApi(t.app, contract.resetPassword, {
      headers: headers(),
      body: { token: token!, password: newPassword, repeatPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    const again = await callApi(t.app, contract.resetPassword, {
      headers: headers(),
      body: { token: token!, password: 'Otra$Clave99', repeatPassword: 'Otra$Clave99' },
    });
    expect(again.statusCode).toBe(410);

    const login = (password: string) =>
      callApi(t.app, contract.login, { headers: headers(), body: { ticket, password } });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login(newPassword)).statusCode).toBe(200);
  });

  it('sends one address at most 3 recovery mails an hour (codes and links together); past that the same answers and no mail', async () => {
    const email = 'buzon.compartido@correo.cl';
    const other = 'otra.persona@correo.cl';
    const filed = (address: string) =>
      file(
        t.app,
        denuncia({ denuncia_ticket: { email: address, pass: PASSWORD }, email_contacto: address }),
      );
    const { ticket } = (await filed(email)).json();
    expect((await filed(other)).statusCode).toBe(201);
    await t.services.outbox.drain(t.db);
    smtp.inbox.length = 0;
    const queued = async (kind: string) =>
      (
        await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM outbox WHERE kind = $1 AND status = $2',
          [kind, 'pending'],
        )
      )[0]!.n;
    const until = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 200 && !(await done()); i++) await new Promise((r) => setTimeout(r, 20));
      expect(await done()).toBe(true);
    };
    const recoverCodes = (address: string) =>
      callApi(t.app, contract.recoverCodes, { headers: headers(), body: { email: address } });
    const resetLink = () =>
      callApi(t.app, contract.requestPasswordReset, {
        headers: headers(),
        body: { codigo: ticket, email: email.toUpperCase() },
      });
    const neutral = (await recoverCodes('nadie.nunca@correo.cl')).body;

    // Three mails: two with the codes, one with a link.
    expect((await recoverCodes(email)).body).toBe(neutral);
    await until(async () => (await queued('code-recovery')) === 1);
    expect((await recoverCodes(email)).body).toBe(neutral);
    await until(async () => (await queued('code-recovery')) === 2);
    const linked = await resetLink();
    expect(linked.statusCode).toBe(200);
    expect(await queued('password-reset')).toBe(1);

    // The fourth and fifth: the same answers, nothing queued, no link made.
    const key = clientKey(t.services.keyring.derive('client-limits'), 'recovery-mail', email);
    expect((await recoverCodes(email.toUpperCase())).body).toBe(neutral);
    // Its lookup runs after the answer: wait until it has counted (the count stops at 3 + 1).
    await until(
      async () =>
        (await t.db.query('SELECT 1 FROM client_limits WHERE key = $1 AND hits = 4', [key]))
          .length === 1,
    );
    const links = await t.db.query('SELECT 1 FROM password_resets');
    const again = await resetLink();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(linked.body);
    expect(await t.db.query('SELECT 1 FROM password_resets')).toHaveLength(links.length);
    expect(await queued('code-recovery')).toBe(2);
    expect(await queued('password-reset')).toBe(1);

    // Another address is not affected.
    expect((await recoverCodes(other)).body).toBe(neutral);
    await until(async () => (await queued('code-recovery')) === 3);
    await t.services.outbox.drain(t.db);
    expect(smtp.inbox.filter((m) => m.to.includes(email))).toHaveLength(3);
    expect(smtp.inbox.filter((m) => m.to.includes(other))).toHaveLength(1);
    // The address is counted under a keyed hash, never in clear.
    expect(JSON.stringify(await t.db.query('SELECT * FROM client_limits'))).not.toContain('buzon');
  });

  it('refuses a new password that breaks the rules with the save-modal messages', async () => {
    const res = await callApi(t.app, contract.resetPassword, {
      headers: headers(),
      body: { token: 'x'.repeat(43), password: 'sinnumeros', repeatPassword: 'sinnumeros' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('* La contraseña debe contener al menos un número.');
  });
});

describe('when SMTP is down', () => {
  it('saves the complaint, keeps the mail queued, and delivers it once SMTP is back', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.stop();
    const t2 = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const created = await file(t2.app, denuncia());
      expect(created.statusCode).toBe(201);
      const { ticket } = created.json();
      const first = await t2.services.outbox.drain(t2.db);
      expect(first).toEqual({ sent: 0, failed: 1, released: 0 });
      const [queued] = await t2.db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM outbox',
      );
      expect(queued).toEqual({ status: 'pending', attempts: 1 });

      const back = await startSmtp(port);
      try {
        await t2.services.outbox.retryNow(t2.db);
        const second = await t2.services.outbox.drain(t2.db);
        expect(second).toEqual({ sent: 1, failed: 0, released: 0 });
        expect(back.inbox).toHaveLength(1);
        expect(decodeMail(back.inbox[0]!.raw)).toContain(String(ticket));
      } finally {
        await back.stop();
      }
    } finally {
      await t2.close();
    }
  });
});
