import { contract } from '@canal/shared/contract';
import { organizationByKey } from '@canal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, type TestApp } from '@canal/test-support/app';
import { callApi } from '@canal/test-support/api';
import {
  startOidcProvider,
  walkProvider,
  type TestProvider,
} from '@canal/test-support/oidc-provider';
import {
  cookiesOf,
  invite,
  makeSsoRecheckDue,
  signIn,
  staff,
  codeFor,
  StaffClient,
} from '@canal/test-support/staff';

// Issue 24: single sign-on against a real OpenID Connect provider started here.

const REDIRECT = 'http://localhost:3000/v1/gestion/sso/retorno';
const ATACAMA = organizationByKey('clinica-atacama').id;

let t: TestApp;
let idp: TestProvider;
beforeAll(async () => {
  idp = await startOidcProvider(REDIRECT);
  t = await buildTestApp({
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'prueba',
          nombre: 'Proveedor de prueba',
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          scopes: 'openid email profile groups',
          roles: {
            administrador: ['canal-admins'],
            investigador: ['canal-investigadores'],
            auditor: ['canal-auditores'],
          },
          organizations: { 'personal-atacama': ['clinica-atacama'] },
        },
      ]),
      OIDC_RECHECK_MINUTES: '5',
      SSO_REQUIRED_ORGANIZATIONS: 'clinica-atacama',
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

let people = 0;
/** A person at the provider (and, unless `invited` is false, invited to the channel by e-mail). */
async function person(groups: string[], { invited = true } = {}) {
  people += 1;
  const email = `sso${people}.${Date.now()}@empresa.cl`;
  const sub = `sujeto-${people}`;
  idp.accounts.set(sub, { email, name: `Persona SSO ${people}`, groups });
  const id = invited ? (await invite(t, { email, role: 'auditor' })).id : null;
  return { sub, email, id };
}

/** Starts at the channel, walks the provider, and comes back: the return's answer. */
async function ssoSignIn(sub: string, change?: (url: URL) => URL) {
  const start = await callApi(t.app, contract.ssoStart, { params: { proveedor: 'prueba' } });
  expect(start.statusCode, start.body).toBe(303);
  const ssoCookie = cookiesOf(start).cookie;
  idp.signInAs(sub);
  let back = await walkProvider(start.headers.location as string, REDIRECT);
  if (change) back = change(back);
  const res = await t.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie: ssoCookie },
  });
  return { res, back, ssoCookie };
}

const clientOf = (res: Awaited<ReturnType<typeof ssoSignIn>>['res'], id: number, email: string) => {
  const { cookie, csrf } = cookiesOf(res);
  return new StaffClient(t.app, id, email, '', cookie, csrf);
};

const lastFailure = async () =>
  JSON.parse(
    (
      await t.db.query<{ detail: string }>(
        `SELECT detail FROM audit_log WHERE action = 'sesion.ingreso_fallido' ORDER BY id DESC LIMIT 1`,
      )
    )[0]!.detail,
  ) as { motivo: string };

describe('single sign-on', () => {
  it('lists the providers without their secrets', async () => {
    const res = await callApi(t.app, contract.ssoProviders, {});
    expect(res.json()).toEqual([{ id: 'prueba', nombre: 'Proveedor de prueba' }]);
    expect(res.body).not.toContain(idp.clientSecret);
  });

  it('binds the invited account at the first sign-in; role and organisations follow the groups', async () => {
    const p = await person(['canal-investigadores', 'personal-atacama']);
    const { res } = await ssoSignIn(p.sub);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/gestion');
    const me = await clientOf(res, p.id!, p.email).call(contract.currentSession, {});
    expect(me.statusCode).toBe(200);
    expect(me.json().usuario).toMatchObject({
      email: p.email,
      rol: 'investigador',
      organizaciones: [ATACAMA],
      activado: true,
    });
    const sessions = await clientOf(res, p.id!, p.email).call(contract.listMySessions, {});
    expect(sessions.json()[0]).toMatchObject({ metodo: 'oidc', actual: true });

    // At the next sign-in the groups decide again.
    idp.accounts.get(p.sub)!.groups = ['canal-auditores'];
    const again = await ssoSignIn(p.sub);
    const now = await clientOf(again.res, p.id!, p.email).call(contract.currentSession, {});
    expect(now.json().usuario).toMatchObject({ rol: 'auditor', organizaciones: [] });
    const [bound] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_identities WHERE user_id = $1',
      [p.id],
    );
    expect(bound!.n).toBe(1);
  });

  it('creates no account for a person nobody invited (auto-creation is off)', async () => {
    const p = await person(['canal-investigadores'], { invited: false });
    const { res } = await ssoSignIn(p.sub);
    expect(res.headers.location).toBe('/gestion/ingresar?sso=sin-cuenta');
    expect(cookiesOf(res).cookie).not.toContain('gestion_sesion=');
    const [row] = await t.db.query('SELECT 1 FROM staff_users WHERE email = $1', [p.email]);
    expect(row).toBeUndefined();
  });

  it('refuses a person whose groups give no role', async () => {
    const p = await person(['otra-cosa']);
    const { res } = await ssoSignIn(p.sub);
    expect(res.headers.location).toBe('/gestion/ingresar?sso=sin-acceso');
  });

  it('refuses an ID token issued for another audience', async () => {
    const p = await person(['canal-investigadores']);
    idp.tamper((claims) => ({ ...claims, aud: 'otra-aplicacion' }));
    const { res } = await ssoSignIn(p.sub);
    expect(res.headers.location).toBe('/gestion/ingresar?sso=fallido');
    expect(cookiesOf(res).cookie).not.toContain('gestion_sesion=');
    expect((await lastFailure()).motivo).toMatch(/aud/);
  });

  it('refuses an expired ID token', async () => {
    const p = await person(['canal-investigadores']);
    const past = Math.floor(Date.now() / 1000) - 3600;
    idp.tamper((claims) => ({ ...claims, iat: past - 600, exp: past }));
    const { res } = await ssoSignIn(p.sub);
    expect(res.headers.location).toBe('/gestion/ingresar?sso=fallido');
    expect((await lastFailure()).motivo).toMatch(/exp/);
  });

  it('refuses a replayed return (the code and the sign-in are used once)', async () => {
    const p = await person(['canal-investigadores']);
    const first = await ssoSignIn(p.sub);
    expect(first.res.headers.location).toBe('/gestion');
    const replay = await t.app.inject({
      method: 'GET',
      url: first.back.pathname + first.back.search,
      headers: { cookie: first.ssoCookie },
    });
    expect(replay.headers.location).toBe('/gestion/ingresar?sso=vencido');
    expect(cookiesOf(replay).cookie).not.toContain('gestion_sesion=');

    // The same code under a sign-in started afresh: its state differs, and the code is spent.
    const start = await callApi(t.app, contract.ssoStart, { params: { proveedor: 'prueba' } });
    const fresh = new URL(start.headers.location as string).searchParams.get('state')!;
    const reused = new URL(first.back);
    reused.searchParams.set('state', fresh);
    const res = await t.app.inject({
      method: 'GET',
      url: reused.pathname + reused.search,
      headers: { cookie: cookiesOf(start).cookie },
    });
    expect(res.headers.location).toBe('/gestion/ingresar?sso=fallido');
    expect((await lastFailure()).motivo).toMatch(/invalid_grant|grant/i);
  });

  it('refuses a return whose state does not match the one it started with', async () => {
    const p = await person(['canal-investigadores']);
    const { res } = await ssoSignIn(p.sub, (url) => {
      url.searchParams.set('state', 'un-estado-de-otro-navegador');
      return url;
    });
    expect(res.headers.location).toBe('/gestion/ingresar?sso=fallido');
    expect((await lastFailure()).motivo).toMatch(/state/);
  });

  it('ends the session of a person removed from the group at the first request past the re-check', async () => {
    const p = await person(['canal-investigadores']);
    const { res } = await ssoSignIn(p.sub);
    const client = clientOf(res, p.id!, p.email);
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(200);
    idp.accounts.get(p.sub)!.groups = [];
    // Within the interval nothing is asked of the provider.
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(200);
    await makeSsoRecheckDue(t, p.id!);
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(401);
    const [ended] = await t.db.query<{ detail: string }>(
      `SELECT detail FROM audit_log WHERE action = 'sesion.sso_revocada' AND actor_id = $1`,
      [p.id],
    );
    expect(JSON.parse(ended!.detail)).toMatchObject({ proveedor: 'prueba' });
  });

  it('keeps a session whose groups still give a role past the re-check, following a change of role', async () => {
    const p = await person(['canal-investigadores']);
    const { res } = await ssoSignIn(p.sub);
    const client = clientOf(res, p.id!, p.email);
    idp.accounts.get(p.sub)!.groups = ['canal-auditores'];
    await makeSsoRecheckDue(t, p.id!);
    const me = await client.call(contract.currentSession, {});
    expect(me.statusCode).toBe(200);
    expect(me.json().usuario.rol).toBe('auditor');
  });
});

describe('several instances', () => {
  it('finishes on one instance a sign-in started on another, and re-checks there', async () => {
    const other = await buildSecondInstance(t);
    try {
      const p = await person(['canal-investigadores']);
      const start = await callApi(t.app, contract.ssoStart, { params: { proveedor: 'prueba' } });
      idp.signInAs(p.sub);
      const back = await walkProvider(start.headers.location as string, REDIRECT);
      const res = await other.app.inject({
        method: 'GET',
        url: back.pathname + back.search,
        headers: { cookie: cookiesOf(start).cookie },
      });
      expect(res.headers.location).toBe('/gestion');
      const { cookie, csrf } = cookiesOf(res);
      const onFirst = new StaffClient(t.app, p.id!, p.email, '', cookie, csrf);
      expect((await onFirst.call(contract.currentSession, {})).statusCode).toBe(200);
      idp.accounts.get(p.sub)!.groups = [];
      await makeSsoRecheckDue(t, p.id!);
      const onSecond = new StaffClient(other.app, p.id!, p.email, '', cookie, csrf);
      expect((await onSecond.call(contract.currentSession, {})).statusCode).toBe(401);
      expect((await onFirst.call(contract.currentSession, {})).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('an organisation that requires single sign-on', () => {
  it('refuses password and code to its people, but not to an administrator (break-glass)', async () => {
    const investigator = await staff(t, { role: 'investigador', organizations: [ATACAMA] });
    const refused = await signIn(t.app, investigator.email, codeFor(investigator.secret, 1));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Su organización exige ingresar con su cuenta institucional: use el botón de inicio de sesión único.',
    );
    const admin = await staff(t, { role: 'administrador', organizations: [ATACAMA] });
    expect((await signIn(t.app, admin.email, codeFor(admin.secret, 1))).statusCode).toBe(200);
    const elsewhere = await staff(t, { role: 'investigador' });
    expect((await signIn(t.app, elsewhere.email, codeFor(elsewhere.secret, 1))).statusCode).toBe(
      200,
    );
  });
});
