import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CEM, fileAndLogin } from '@canal/test-support/complaints';
import { StaffThrottle } from '../../src/back-office/staff/staff-throttle';
import { createAdministrator } from '../../src/back-office/staff/first-administrator';
import { callApi } from '@canal/test-support/api';
import {
  codeFor,
  cookiesOf,
  invite,
  signIn,
  staff,
  StaffClient,
  STAFF_PASSWORD,
} from '@canal/test-support/staff';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Small limits so that the test reaches them (the shared test helper passes no staff policy).
  t.services.backOffice.throttle = new StaffThrottle(
    t.db,
    t.services.keyring.derive('client-limits'),
    {
      perClientEmail: 3,
      perEmail: 3,
      perClient: 1000,
      windowMinutes: 15,
      lockMinutes: 15,
    },
  );
});
afterAll(() => t.close());

describe('activation', () => {
  it('enrols TOTP from the link: the otpauth URI and the secret, then password and a code', async () => {
    const { token, email } = await invite(t, { role: 'investigador' });
    const lookup = await callApi(t.app, contract.lookupInvitation, { body: { token } });
    expect(lookup.statusCode).toBe(200);
    const { totp, email: shown } = lookup.json();
    expect(shown).toBe(email);
    expect(totp.secreto).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.uri).toContain(`secret=${totp.secreto}`);
    expect(totp.uri).toMatch(/^otpauth:\/\/totp\//);

    const weak = await callApi(t.app, contract.activate, {
      body: { token, password: 'corta1', codigo: codeFor(totp.secreto) },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('La contraseña debe tener al menos 12 caracteres.');

    const wrongCode = await callApi(t.app, contract.activate, {
      body: { token, password: STAFF_PASSWORD, codigo: codeFor(totp.secreto, 5) },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toMatch(/código de verificación no es correcto/);

    const ok = await callApi(t.app, contract.activate, {
      body: { token, password: STAFF_PASSWORD, codigo: codeFor(totp.secreto) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario).toMatchObject({ email, rol: 'investigador', activado: true });

    // Single use.
    const again = await callApi(t.app, contract.lookupInvitation, { body: { token } });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/enlace no es válido/);
  });

  it('refuses an expired invitation', async () => {
    const { token } = await invite(t);
    await t.db.query(`UPDATE staff_invitations SET expires_at = now() - interval '1 minute'`);
    const res = await callApi(t.app, contract.lookupInvitation, { body: { token } });
    expect(res.statusCode).toBe(410);
  });

  it('stores the TOTP secret sealed, never in clear', async () => {
    const client = await staff(t);
    const [row] = await t.db.query<{ totp_secret_enc: string; password_hash: string }>(
      'SELECT totp_secret_enc, password_hash FROM staff_users WHERE id = $1',
      [client.id],
    );
    expect(row!.totp_secret_enc).not.toContain(client.secret);
    expect(t.services.keyring.openWithMaster(row!.totp_secret_enc)).toBe(client.secret);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('sign-in', () => {
  it('opens a session with e-mail, password and TOTP, in httpOnly SameSite=Strict cookies', async () => {
    const client = await staff(t);
    const res = await signIn(t.app, client.email.toUpperCase(), codeFor(client.secret, 1));
    expect(res.statusCode).toBe(200);
    const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = set.find((c) => c.startsWith('gestion_sesion='))!;
    const csrf = set.find((c) => c.startsWith('gestion_csrf='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).toMatch(/Path=\/v1\/gestion/);
    expect(session).not.toMatch(/Secure/); // not production
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/SameSite=Strict/);
    const { cookie, csrf: csrfValue } = cookiesOf(res);
    expect(res.json().csrf).toBe(csrfValue);
    const me = await new StaffClient(
      t.app,
      client.id,
      client.email,
      client.secret,
      cookie,
      csrfValue,
    ).call(contract.currentSession, {});
    expect(me.statusCode).toBe(200);
    expect(me.json().usuario.email).toBe(client.email);
    // Only the hash of the token is stored.
    const token = cookie.match(/gestion_sesion=([^;]+)/)![1]!;
    const rows = await t.db.query('SELECT 1 FROM staff_sessions WHERE token_hash = $1', [token]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a TOTP code used once already (replay), and a code computed for another secret', async () => {
    const client = await staff(t);
    const code = codeFor(client.secret, 1);
    expect((await signIn(t.app, client.email, code)).statusCode).toBe(200);
    const replay = await signIn(t.app, client.email, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(
      'El correo, la contraseña o el código de verificación son incorrectos.',
    );
    const other = await staff(t);
    expect((await signIn(t.app, client.email, codeFor(other.secret, 2))).statusCode).toBe(401);
  });

  it('answers the same 401 for an unknown e-mail, a wrong password and an account not yet activated', async () => {
    const client = await staff(t);
    const pending = await invite(t);
    const unknown = await signIn(t.app, 'nadie@empresa.cl', '123456');
    const wrong = await signIn(t.app, client.email, codeFor(client.secret, 1), 'Otra clave 12345');
    const notActive = await signIn(t.app, pending.email, '123456', STAFF_PASSWORD);
    for (const res of [unknown, wrong, notActive]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(unknown.body);
    }
  });

  it('throttles an e-mail after repeated failures, even with the right credentials', async () => {
    const client = await staff(t);
    for (let i = 0; i < 3; i++)
      expect((await signIn(t.app, client.email, '000000', 'Mala clave 12345')).statusCode).toBe(
        401,
      );
    const locked = await signIn(t.app, client.email, codeFor(client.secret, 1));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Demasiados intentos/);
  });

  it('throttles a client that tries many e-mails, without storing its address', async () => {
    const from = { remoteAddress: '203.0.113.9' };
    const previous = t.services.backOffice.throttle;
    t.services.backOffice.throttle = new StaffThrottle(
      t.db,
      t.services.keyring.derive('client-limits'),
      {
        perClientEmail: 100,
        perEmail: 100,
        perClient: 6,
        windowMinutes: 15,
        lockMinutes: 15,
      },
    );
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/gestion/sesion',
        payload: { email: `x${i}@otro.cl`, password: 'cualquier cosa1', codigo: '123456' },
        ...from,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/v1/gestion/sesion',
      payload: { email: 'y@otro.cl', password: 'cualquier cosa1', codigo: '123456' },
      ...from,
    });
    expect(blocked.statusCode).toBe(429);
    const dump =
      JSON.stringify(await t.db.query('SELECT * FROM staff_login_throttle')) +
      JSON.stringify(await t.db.query('SELECT * FROM staff_client_throttle')) +
      JSON.stringify(await t.db.query('SELECT * FROM audit_log'));
    expect(dump).not.toContain('203.0.113.9');
    // Another client is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/gestion/sesion',
      payload: { email: 'z@otro.cl', password: 'cualquier cosa1', codigo: '123456' },
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(401);
    t.services.backOffice.throttle = previous;
  });

  it('keeps an office in: 25 wrong guesses at one account lock that account at that address, not the administrator beside it', async () => {
    const previous = t.services.backOffice.throttle;
    // The production policy, as it is.
    t.services.backOffice.throttle = new StaffThrottle(
      t.db,
      t.services.keyring.derive('client-limits'),
    );
    try {
      const office = '192.0.2.50';
      const guessed = await staff(t);
      const admin = await staff(t, { role: 'administrador' });
      const attempt = (email: string, password: string, codigo: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/gestion/sesion',
          payload: { email, password, codigo },
          remoteAddress,
        });
      const guesses: number[] = [];
      for (let i = 0; i < 25; i++)
        guesses.push(
          (await attempt(guessed.email, `Mala clave ${i}`, '000000', office)).statusCode,
        );
      // Five verified guesses from that address, then refused unverified.
      expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(new Set(guesses.slice(5))).toEqual(new Set([429]));

      // The administrator at the same address, with the right password and code, gets in.
      const adminIn = await attempt(admin.email, STAFF_PASSWORD, codeFor(admin.secret, 1), office);
      expect(adminIn.statusCode).toBe(200);
      // The guessed account stays locked at that address, even with the right password and code.
      const stillLocked = await attempt(
        guessed.email,
        STAFF_PASSWORD,
        codeFor(guessed.secret, 1),
        office,
      );
      expect(stillLocked.statusCode).toBe(429);
      expect(Number(stillLocked.headers['retry-after'])).toBeGreaterThan(0);
      // Its owner elsewhere is not locked out by one address's guesses.
      const home = await attempt(
        guessed.email,
        STAFF_PASSWORD,
        codeFor(guessed.secret, 1),
        '198.51.100.77',
      );
      expect(home.statusCode).toBe(200);
    } finally {
      t.services.backOffice.throttle = previous;
    }
  });

  it('locks an account at every address once the guesses come from several', async () => {
    const previous = t.services.backOffice.throttle;
    t.services.backOffice.throttle = new StaffThrottle(
      t.db,
      t.services.keyring.derive('client-limits'),
    );
    try {
      const guessed = await staff(t);
      const attempt = (password: string, codigo: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/gestion/sesion',
          payload: { email: guessed.email, password, codigo },
          remoteAddress,
        });
      // Ten guesses, five from each of two addresses: the account is locked everywhere.
      for (let i = 0; i < 10; i++) {
        const from = `203.0.113.${100 + Math.floor(i / 5)}`;
        expect((await attempt(`Mala clave ${i}`, '000000', from)).statusCode).toBe(401);
      }
      const locked = await attempt(STAFF_PASSWORD, codeFor(guessed.secret, 1), '203.0.113.200');
      expect(locked.statusCode).toBe(429);
    } finally {
      t.services.backOffice.throttle = previous;
    }
  });

  it('validates the fields with Spanish messages', async () => {
    const res = await callApi(t.app, contract.signIn, {
      body: { email: 'no-es-correo', password: 'x', codigo: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El correo no tiene un formato válido.');
  });
});

describe('sessions', () => {
  it('ends after 30 minutes idle', async () => {
    const client = await staff(t);
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(200);
    await t.db.query(
      `UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = $1`,
      [client.id],
    );
    const res = await client.call(contract.currentSession, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Su sesión no es válida o expiró. Ingrese nuevamente.');
  });

  it('ends after 8 hours however active', async () => {
    const client = await staff(t);
    await t.db.query(
      `UPDATE staff_sessions SET created_at = now() - interval '8 hours 1 minute' WHERE user_id = $1`,
      [client.id],
    );
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(401);
  });

  it('is kept alive by reading it, as the back office does while a long text is typed, never past 8 hours', async () => {
    const client = await staff(t);
    const idle = (minutes: number) =>
      t.db.query(
        `UPDATE staff_sessions SET last_seen_at = last_seen_at - make_interval(mins => $2)
          WHERE user_id = $1`,
        [client.id, minutes],
      );
    await idle(29);
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(200);
    // Touched: 29 more minutes later it is still alive (untouched it would be 58 minutes idle).
    await idle(29);
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(200);
    await t.db.query(
      `UPDATE staff_sessions SET created_at = now() - interval '8 hours 1 minute' WHERE user_id = $1`,
      [client.id],
    );
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(401);
  });

  it('signs out: the cookie opens nothing afterwards', async () => {
    const client = await staff(t);
    const out = await client.call(contract.signOut, {});
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(401);
  });

  it('refuses a state-changing request without the CSRF header, or with one that does not match', async () => {
    const client = await staff(t);
    const missing = await client.call(contract.signOut, { headers: { 'x-csrf-token': '' } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toMatch(/No pudimos verificar el origen/);
    const forged = await t.app.inject({
      method: 'DELETE',
      url: '/v1/gestion/sesion',
      headers: {
        cookie: client.cookie.replace(/gestion_csrf=[^;]+/, 'gestion_csrf=forjado'),
        'x-csrf-token': 'forjado',
      },
    });
    expect(forged.statusCode).toBe(403);
    // Still signed in.
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(200);
  });

  it('authenticates before it validates: no session or no CSRF is refused whatever the body', async () => {
    const bad = { comentario: 7, estado: 'Inventado' };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/gestion/casos/no-es-un-id/estado',
      payload: bad,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Su sesión no es válida o expiró. Ingrese nuevamente.');
    const query = await t.app.inject({ method: 'GET', url: '/v1/gestion/casos?limite=mil' });
    expect(query.statusCode).toBe(401);
    const notAdmin = await staff(t, { role: 'investigador' });
    expect(
      (await notAdmin.call(contract.inviteUser, { body: { email: 'no es correo' } as never }))
        .statusCode,
    ).toBe(403);
    const client = await staff(t, { role: 'administrador' });
    // Deliberately outside the contract (a bad id and body): the casts let the test send them.
    const noCsrf = await client.call(contract.changeStatus, {
      params: { id: 'no-es-un-id' as never },
      body: bad as never,
      headers: { 'x-csrf-token': '' },
    });
    expect(noCsrf.statusCode).toBe(403);
    // Signed in with the CSRF header, the same body is a 400 with the schema's message.
    const invalid = await client.call(contract.inviteUser, {
      body: { email: 'no es correo' } as never,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it("opens nothing with a complainant's Bearer token", async () => {
    const { auth } = await fileAndLogin(t.app);
    for (const url of [
      '/v1/gestion/sesion',
      '/v1/gestion/casos',
      '/v1/gestion/usuarios',
      '/v1/gestion/auditoria',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode).toBe(401);
    }
  });

  it('signs out a deactivated user at once', async () => {
    const admin = await staff(t, { role: 'administrador' });
    const client = await staff(t, { organizations: [CEM] });
    const res = await admin.call(contract.updateUser, {
      params: { id: client.id },
      body: { activo: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(401);
    expect((await signIn(t.app, client.email, codeFor(client.secret, 1))).statusCode).toBe(401);
  });
});

describe('administration of users', () => {
  it('invites by e-mail through the outbox with a single-use 72-hour link', async () => {
    const admin = await staff(t, { role: 'administrador' });
    const res = await admin.call(contract.inviteUser, {
      body: {
        email: 'Nueva.Investigadora@Empresa.cl',
        nombre: 'Nueva Investigadora',
        rol: 'investigador',
        organizaciones: [CEM],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'nueva.investigadora@empresa.cl',
      rol: 'investigador',
      organizaciones: [CEM],
      activado: false,
    });
    await t.services.outbox.drain(t.db);
    const mails = await t.services.transport.list!();
    const mail = mails.find((m) => m.to === 'nueva.investigadora@empresa.cl')!;
    expect(mail.subject).toMatch(/Invitación a la gestión de casos/);
    expect(mail.text).toMatch(/72 horas/);
    const link = mail.text.match(/http:\/\/localhost:3000\/gestion\/activar#([A-Za-z0-9_-]{43})/)!;
    const lookup = await callApi(t.app, contract.lookupInvitation, { body: { token: link[1]! } });
    expect(lookup.statusCode).toBe(200);

    const duplicate = await admin.call(contract.inviteUser, {
      body: {
        email: 'nueva.investigadora@empresa.cl',
        nombre: 'Otra',
        rol: 'auditor',
      },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Ya existe un usuario con ese correo.');
  });

  it('sets roles and organisations, and refuses to leave no administrator', async () => {
    const admin = await staff(t, { role: 'administrador' });
    const user = await staff(t, { role: 'investigador' });
    const changed = await admin.call(contract.updateUser, {
      params: { id: user.id },
      body: {
        rol: 'auditor',
        organizaciones: [CEM],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ rol: 'auditor', organizaciones: [CEM] });
    const bad = await admin.call(contract.updateUser, {
      params: { id: user.id },
      body: { organizaciones: ['no-existe'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Una de las organizaciones no es válida.');
    const missing = await admin.call(contract.updateUser, {
      params: { id: 999999 },
      body: { activo: false },
    });
    expect(missing.statusCode).toBe(404);

    // Demote every other administrator, then try to demote the last one.
    const others = await t.db.query<{ id: number }>(
      `SELECT id FROM staff_users WHERE role = 'administrador' AND id <> $1`,
      [admin.id],
    );
    for (const o of others)
      await t.db.query(`UPDATE staff_users SET role = 'auditor' WHERE id = $1`, [o.id]);
    const last = await admin.call(contract.updateUser, {
      params: { id: admin.id },
      body: { rol: 'investigador' },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('Debe quedar al menos un administrador activo.');
  });

  it('two last administrators demoting each other at once: one of them stays', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => staff(t, { role: 'administrador' })));
    const others = await t.db.query<{ id: number }>(
      `UPDATE staff_users SET active = false
        WHERE role = 'administrador' AND active AND id <> ALL($1::int[]) RETURNING id`,
      [[a!.id, b!.id]],
    );
    try {
      const answers = await Promise.all(
        (
          [
            [a!, b!],
            [b!, a!],
          ] as const
        ).map(([actor, target]) =>
          actor.call(contract.updateUser, {
            params: { id: target.id },
            body: { rol: 'investigador' },
          }),
        ),
      );
      // One change goes through; the other is refused: 409 when it finds no one else left, or 403
      // when the first change had already taken its author's administrator role.
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const roles = await t.db.query<{ role: string }>(
        'SELECT role FROM staff_users WHERE id = ANY($1::int[])',
        [[a!.id, b!.id]],
      );
      expect(roles.map((r) => r.role).sort()).toEqual(['administrador', 'investigador']);
    } finally {
      await t.db.query('UPDATE staff_users SET active = true WHERE id = ANY($1::int[])', [
        others.map((o) => o.id),
      ]);
    }
  });

  it('is for administrators only', async () => {
    const investigator = await staff(t, { role: 'investigador' });
    const auditor = await staff(t, { role: 'auditor' });
    for (const client of [investigator, auditor]) {
      expect((await client.call(contract.listUsers, {})).statusCode).toBe(403);
      const res = await client.call(contract.inviteUser, {
        body: {
          email: 'z@empresa.cl',
          nombre: 'Zeta',
          rol: 'administrador',
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('No tiene permiso para realizar esta acción.');
    }
  });
});

describe('first administrator (npm run admin:create)', () => {
  it('creates an administrator with a one-time activation link and no password', async () => {
    const link = await createAdministrator(t.services, 'Jefa@Empresa.cl', 'Jefa de Cumplimiento');
    expect(link).toMatch(/^http:\/\/localhost:3000\/gestion\/activar#[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.query<{ role: string; password_hash: string | null }>(
      `SELECT role, password_hash FROM staff_users WHERE email = 'jefa@empresa.cl'`,
    );
    expect(row).toEqual({ role: 'administrador', password_hash: null });
    await expect(createAdministrator(t.services, 'jefa@empresa.cl', 'Otra')).rejects.toThrow(
      'Ya existe un usuario con ese correo.',
    );
  });
});
