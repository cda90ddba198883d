import { contract, type RequestOf } from '@canal/shared/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, type TestApp } from '@canal/test-support/app';
import { callApi } from '@canal/test-support/api';
import {
  codeFor,
  cookiesOf,
  signIn,
  staff,
  StaffClient,
  STAFF_PASSWORD,
  type NewStaffOptions,
} from '@canal/test-support/staff';
import { BrowserAuthenticator } from '../support/authenticator';

// Issue 24, decision 0076: passkeys for staff, made and used by Chromium's WebAuthn with a virtual
// authenticator (DevTools protocol) and checked by @simplewebauthn/server; two instances on one
// database, so a challenge issued by one is checked by the other.

/** The test app's public URL: the back office's origin, the relying party. */
const ORIGIN = 'http://localhost:3000';
type Answer = RequestOf<typeof contract.passkeySignIn>['body']['respuesta'];

let t: TestApp;
let other: TestApp;
let browser: Browser;
const opened: BrowserAuthenticator[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  other = await buildSecondInstance(t);
  browser = await BrowserAuthenticator.launch();
});
afterAll(async () => {
  for (const a of opened) await a.close();
  await browser?.close();
  await other?.close();
  await t?.close();
});

const person = (o: NewStaffOptions = {}) => staff(t, o);

async function authenticator(origin = ORIGIN) {
  const a = await BrowserAuthenticator.open(browser, origin);
  opened.push(a);
  return a;
}

/** Registers a passkey the authenticator creates from the options the API gave this person. */
async function register(client: StaffClient, auth: BrowserAuthenticator, nombre = 'Portátil') {
  const options = await client.call(contract.passkeyRegistrationOptions, {});
  expect(options.statusCode, options.body).toBe(200);
  const respuesta = (await auth.create(options.json().opciones)) as unknown as Answer;
  return client.call(contract.registerPasskey, { body: { nombre, respuesta } });
}

/** Two people, each with a passkey of their own on an authenticator of their own. */
async function twoPeopleWithPasskeys() {
  const p = await person();
  const q = await person();
  const auth = await authenticator();
  const qAuth = await authenticator();
  await register(p, auth);
  await register(q, qAuth);
  return { p, q, auth, qAuth };
}

/** The authenticator's answer to a sign-in challenge issued by `app` (`tweak` edits the options). */
async function assertion(
  auth: BrowserAuthenticator,
  app: TestApp = t,
  tweak = (o: Record<string, unknown>) => o,
): Promise<Answer> {
  const res = await callApi(app.app, contract.passkeySignInOptions, {});
  expect(res.statusCode, res.body).toBe(200);
  return (await auth.get(tweak(res.json().opciones))) as unknown as Answer;
}

const passkeySignIn = (
  respuesta: Answer,
  extra: { email?: string; password?: string } = {},
  app: TestApp = t,
) => callApi(app.app, contract.passkeySignIn, { body: { respuesta, ...extra } });

const lastAudit = async (actorId: number, action: string) => {
  const rows = await t.db.query<{ detail: string }>(
    'SELECT detail FROM audit_log WHERE actor_id = $1 AND action = $2 ORDER BY id DESC LIMIT 1',
    [actorId, action],
  );
  return rows[0] ? (JSON.parse(rows[0].detail) as Record<string, unknown>) : null;
};

/** A client on the session a passkey sign-in opened. */
const clientOf = (p: StaffClient, res: Awaited<ReturnType<typeof passkeySignIn>>) => {
  const { cookie, csrf } = cookiesOf(res);
  return new StaffClient(t.app, p.id, p.email, p.secret, cookie, csrf);
};

describe('registering a passkey', () => {
  it('registers a passkey from a session, lists it and audits it; removing it is audited too', async () => {
    const p = await person();
    const auth = await authenticator();
    const created = await register(p, auth, 'Portátil de la oficina');
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ nombre: 'Portátil de la oficina', ultimo_uso: null });
    expect(await auth.credentials()).toHaveLength(1);
    expect((await auth.credentials())[0]!.isResidentCredential).toBe(true);

    const list = await p.call(contract.listMyPasskeys, {});
    expect(list.json()).toEqual([item]);
    expect(await lastAudit(p.id, 'llave.registrada')).toEqual({
      llave_id: item.id,
      nombre: 'Portátil de la oficina',
    });

    // Another person cannot remove it; its owner can.
    const stranger = await person();
    const refused = await stranger.call(contract.removeMyPasskey, { params: { id: item.id } });
    expect(refused.statusCode).toBe(404);
    const removed = await p.call(contract.removeMyPasskey, { params: { id: item.id } });
    expect(removed.statusCode).toBe(204);
    expect((await p.call(contract.listMyPasskeys, {})).json()).toEqual([]);
    expect(await lastAudit(p.id, 'llave.eliminada')).toEqual({
      llave_id: item.id,
      nombre: 'Portátil de la oficina',
    });
    // A removed passkey opens nothing.
    expect((await passkeySignIn(await assertion(auth))).statusCode).toBe(401);
  });

  it('refuses an answer to another person’s challenge, and a challenge answered twice', async () => {
    const p = await person();
    const q = await person();
    const auth = await authenticator();
    const options = await p.call(contract.passkeyRegistrationOptions, {});
    const respuesta = (await auth.create(options.json().opciones)) as unknown as Answer;
    const asOther = await q.call(contract.registerPasskey, {
      body: { nombre: 'Ajena', respuesta },
    });
    expect(asOther.statusCode).toBe(400);
    expect(asOther.json().message).toMatch(/No pudimos registrar la llave de acceso/);
    // The challenge was p's: q's try did not spend it.
    const ok = await p.call(contract.registerPasskey, { body: { nombre: 'Propia', respuesta } });
    expect(ok.statusCode, ok.body).toBe(201);
    const again = await p.call(contract.registerPasskey, { body: { nombre: 'Otra', respuesta } });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a malformed answer with a Spanish 400, never a 500', async () => {
    const p = await person();
    const res = await p.call(contract.registerPasskey, {
      body: {
        nombre: 'Rota',
        respuesta: {
          id: 'abc',
          rawId: 'abc',
          type: 'public-key',
          response: { clientDataJSON: 'no-es-json', attestationObject: 'x' },
          clientExtensionResults: {},
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/llave de acceso/);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone, on another instance than the one that issued the challenge', async () => {
    const p = await person();
    const auth = await authenticator();
    expect((await register(p, auth)).statusCode).toBe(201);

    const res = await passkeySignIn(await assertion(auth, t), {}, other);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().usuario.email).toBe(p.email);
    const session = clientOf(p, res);
    const sessions = (await session.call(contract.listMySessions, {})).json();
    expect(sessions.find((s: { actual: boolean }) => s.actual).metodo).toBe('passkey');
    expect(await lastAudit(p.id, 'sesion.ingreso')).toMatchObject({ metodo: 'passkey' });
    const [item] = (await p.call(contract.listMyPasskeys, {})).json();
    expect(item.ultimo_uso).not.toBeNull();
  });

  it('refuses a challenge answered twice (a replayed answer)', async () => {
    const p = await person();
    const auth = await authenticator();
    await register(p, auth);
    const answer = await assertion(auth);
    expect((await passkeySignIn(answer)).statusCode).toBe(200);
    const replay = await passkeySignIn(answer, {}, other);
    expect(replay.statusCode).toBe(401);
    expect(await lastAudit(p.id, 'sesion.ingreso_fallido')).toMatchObject({
      metodo: 'passkey',
      motivo: 'desafío desconocido, usado o vencido',
    });
  });

  it('takes the passkey as the second factor after the password, and only the person’s own', async () => {
    const { p, auth, qAuth } = await twoPeopleWithPasskeys();

    const ok = await passkeySignIn(await assertion(auth), {
      email: p.email,
      password: STAFF_PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);

    const wrongPassword = await passkeySignIn(await assertion(auth), {
      email: p.email,
      password: 'Otra clave 2024',
    });
    expect(wrongPassword.statusCode).toBe(401);
    // q's passkey after p's password: refused with the same answer.
    const othersKey = await passkeySignIn(await assertion(qAuth), {
      email: p.email,
      password: STAFF_PASSWORD,
    });
    expect(othersKey.statusCode).toBe(401);
    expect(othersKey.json().message).toBe(wrongPassword.json().message);
    expect(await lastAudit(p.id, 'sesion.ingreso_fallido')).toMatchObject({
      motivo: 'llave de otra persona',
    });
  });

  it('takes the passkey alone for the account named, and refuses another person’s: a lapsed page is resumed only by its person', async () => {
    const { p, auth, qAuth } = await twoPeopleWithPasskeys();

    // «Su sesión expiró» names the person signed in on the page: their own passkey opens it.
    const ok = await passkeySignIn(await assertion(auth), { email: p.email });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().usuario.email).toBe(p.email);
    // q's passkey, which alone opens q's session, does not resume p's page: no session opened.
    const othersKey = await passkeySignIn(await assertion(qAuth), { email: p.email });
    expect(othersKey.statusCode).toBe(401);
    expect(othersKey.headers['set-cookie']).toBeUndefined();
    expect(othersKey.json().message).toMatch(/No pudimos verificar su llave de acceso/);
    expect(await lastAudit(p.id, 'sesion.ingreso_fallido')).toMatchObject({
      metodo: 'passkey',
      motivo: 'llave de otra persona',
    });
    expect((await passkeySignIn(await assertion(qAuth))).statusCode).toBe(200);
    // Still the whole sign-in: the authenticator must have verified the person.
    const unverified = (o: Record<string, unknown>) => ({ ...o, userVerification: 'discouraged' });
    const present = await passkeySignIn(await assertion(auth, t, unverified), { email: p.email });
    expect(present.statusCode).toBe(401);
    // A password needs the e-mail it belongs to.
    const noEmail = await passkeySignIn(await assertion(auth), { password: STAFF_PASSWORD });
    expect(noEmail.statusCode).toBe(400);
  });

  it('requires the authenticator to have verified the person when the passkey is the whole sign-in', async () => {
    const p = await person();
    const auth = await authenticator();
    await register(p, auth);
    const unverified = (o: Record<string, unknown>) => ({ ...o, userVerification: 'discouraged' });
    const alone = await passkeySignIn(await assertion(auth, t, unverified));
    expect(alone.statusCode).toBe(401);
    // After the password, presence is enough: it stands in for the code.
    const second = await passkeySignIn(await assertion(auth, t, unverified), {
      email: p.email,
      password: STAFF_PASSWORD,
    });
    expect(second.statusCode, second.body).toBe(200);
  });

  it('refuses an answer made on another origin (a phishing page relaying it), by the library', async () => {
    const p = await person();
    const auth = await authenticator();
    await register(p, auth);
    // Same authenticator and passkey, on a page of another origin that asks for the same RP id and
    // relays the answer: the browser signs its own origin into the client data.
    await auth.goTo('http://localhost:4000');
    const res = await passkeySignIn(await assertion(auth));
    expect(res.statusCode).toBe(401);
    const detail = await lastAudit(p.id, 'sesion.ingreso_fallido');
    expect(String(detail?.motivo)).toMatch(/origin/i);
    expect(String(detail?.motivo)).toContain('http://localhost:4000');
  });

  it('refuses a cloned passkey whose signature counter is lower than the one stored', async () => {
    const p = await person();
    const auth = await authenticator();
    await register(p, auth);
    expect((await passkeySignIn(await assertion(auth))).statusCode).toBe(200);
    expect((await passkeySignIn(await assertion(auth))).statusCode).toBe(200);
    const [original] = await auth.credentials();
    expect(original!.signCount).toBeGreaterThanOrEqual(2);

    // The private key copied to a second authenticator, its counter behind the original's.
    const clone = await authenticator();
    await clone.addCopy(original!, 0);
    const res = await passkeySignIn(await assertion(clone));
    expect(res.statusCode).toBe(401);
    const detail = await lastAudit(p.id, 'sesion.ingreso_fallido');
    expect(String(detail?.motivo)).toMatch(/counter/i);
    // The original, still ahead, goes on working.
    expect((await passkeySignIn(await assertion(auth))).statusCode).toBe(200);
  });

  it('answers the sign-in options without naming any account or passkey', async () => {
    const res = await callApi(t.app, contract.passkeySignInOptions, {});
    const { opciones } = res.json();
    expect(opciones.rpId).toBe('localhost');
    expect(opciones.allowCredentials ?? []).toEqual([]);
    expect(typeof opciones.challenge).toBe('string');
  });
});

describe('the policy that requires passkeys of administrators', () => {
  it('asks an administrator without a passkey to register one before anything else, then requires it', async () => {
    const setter = await person({ role: 'administrador' });
    const admin = await person({ role: 'administrador' });
    const investigator = await person({ role: 'investigador' });
    // Requiring passkeys takes one's own first.
    const withoutOwn = await setter.call(contract.updateSecurityPolicy, {
      body: { llaves_obligatorias_administradores: true },
    });
    expect(withoutOwn.statusCode).toBe(409);
    expect(withoutOwn.json().message).toMatch(/Registre primero su propia llave de acceso/);
    expect((await register(setter, await authenticator())).statusCode).toBe(201);
    const set = await setter.call(contract.updateSecurityPolicy, {
      body: { llaves_obligatorias_administradores: true },
    });
    try {
      expect(set.statusCode, set.body).toBe(200);
      expect(await lastAudit(setter.id, 'seguridad.politica_modificada')).toEqual({
        llaves_obligatorias_administradores: { antes: false, despues: true },
      });
      expect((await setter.call(contract.getSecurityPolicy, {})).json()).toEqual({
        llaves_obligatorias_administradores: true,
      });
      // Only administrators read or change it.
      const byInvestigator = await investigator.call(contract.updateSecurityPolicy, {
        body: { llaves_obligatorias_administradores: false },
      });
      expect(byInvestigator.statusCode).toBe(403);

      // The administrator signs in with password and code, and must register a passkey first.
      await t.db.query('UPDATE staff_users SET totp_last_step = NULL WHERE id = $1', [admin.id]);
      const first = await signIn(t.app, admin.email, codeFor(admin.secret));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().llave_pendiente).toBe(true);
      const session = clientOf(admin, first);
      const inbox = await session.call(contract.listUsers, {});
      expect(inbox.statusCode).toBe(403);
      expect(inbox.json().message).toMatch(/debe registrar una llave de acceso/);
      expect((await session.call(contract.currentSession, {})).json().llave_pendiente).toBe(true);
      const auth = await authenticator();
      expect((await register(session, auth)).statusCode).toBe(201);
      expect((await session.call(contract.listUsers, {})).statusCode).toBe(200);

      // Now password and code no longer open an administrator's session: the passkey does.
      await t.db.query('UPDATE staff_users SET totp_last_step = NULL WHERE id = $1', [admin.id]);
      const withCode = await signIn(t.app, admin.email, codeFor(admin.secret));
      expect(withCode.statusCode).toBe(403);
      expect(withCode.json().message).toMatch(/deben ingresar con su llave de acceso/);
      const withPasskey = await passkeySignIn(await assertion(auth));
      expect(withPasskey.statusCode).toBe(200);
      expect(withPasskey.json().llave_pendiente).toBe(false);

      // An investigator is not asked.
      await t.db.query('UPDATE staff_users SET totp_last_step = NULL WHERE id = $1', [
        investigator.id,
      ]);
      const inv = await signIn(t.app, investigator.email, codeFor(investigator.secret));
      expect(inv.statusCode).toBe(200);
      expect(inv.json().llave_pendiente).toBe(false);
    } finally {
      await setter.call(contract.updateSecurityPolicy, {
        body: { llaves_obligatorias_administradores: false },
      });
    }
  });
});

describe('recovery: an administrator resets a person’s passkeys', () => {
  it('removes them, ends the person’s sessions, mails a neutral notice and audits it', async () => {
    const admin = await person({ role: 'administrador' });
    const p = await person();
    const auth = await authenticator();
    await register(p, auth, 'Teléfono');
    expect((await register(p, await authenticator(), 'Portátil')).statusCode).toBe(201);
    const count = 2;

    const res = await admin.call(contract.resetUserPasskeys, { params: { id: p.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ eliminadas: count });
    expect((await p.call(contract.listMyPasskeys, {})).statusCode).toBe(401);
    expect(await lastAudit(admin.id, 'usuario.llaves_restablecidas')).toMatchObject({
      usuario_id: p.id,
      eliminadas: count,
    });
    expect((await passkeySignIn(await assertion(auth))).statusCode).toBe(401);

    await t.services.outbox.retryNow(t.db);
    while ((await t.services.outbox.drain(t.db)).sent > 0);
    const mails = (await t.services.transport.list!()).filter((m) => m.to === p.email);
    const notice = mails.find((m) => m.subject.includes('Se restablecieron sus llaves de acceso'));
    expect(notice).toBeDefined();
    expect(notice!.text).not.toContain(admin.email);

    // Only administrators reset; an unknown person is a 404.
    const byPerson = await p.call(contract.resetUserPasskeys, { params: { id: admin.id } });
    expect(byPerson.statusCode).toBe(401);
    expect(
      (await admin.call(contract.resetUserPasskeys, { params: { id: 999999 } })).statusCode,
    ).toBe(404);
  });
});
