import { contract } from '@canal/shared/contract';
import type { SsoProviderInput } from '@canal/shared';
import { organizationByKey } from '@canal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, type TestApp } from '@canal/test-support/app';
import { callApi } from '@canal/test-support/api';
import {
  codeFor,
  cookiesOf,
  invite,
  makeSsoRecheckDue,
  signIn,
  staff,
  StaffClient,
} from '@canal/test-support/staff';
import {
  startOidcProvider,
  walkProvider,
  type TestProvider,
} from '@canal/test-support/oidc-provider';

// Issue 24, decision 0077: single sign-on providers and SSO-required organisations configured in
// the back office (audited, the secret sealed and never answered), seen by every instance at once;
// and the last administrator, whom the provider's claims cannot demote.

const REDIRECT = 'http://localhost:3000/v1/gestion/sso/retorno';
const ATACAMA = organizationByKey('clinica-atacama').id;
const ENV_SECRET = 'secreto-del-proveedor-del-entorno';

let t: TestApp;
let second: TestApp;
let idp: TestProvider;
let admin: StaffClient;
beforeAll(async () => {
  idp = await startOidcProvider(REDIRECT);
  t = await buildTestApp({
    env: {
      // A provider of the environment: shown read-only, its id cannot be taken in the back office.
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'entorno',
          nombre: 'Proveedor del entorno',
          issuer: 'https://login.example.com/tenant/v2.0',
          clientId: 'cliente-del-entorno',
          clientSecret: ENV_SECRET,
          roles: { auditor: ['auditores'] },
        },
      ]),
    },
  });
  second = await buildSecondInstance(t);
  admin = await staff(t, { role: 'administrador' });
});
afterAll(async () => {
  await second.close();
  await t.close();
  await idp.close();
});

const providerInput = (change: Partial<SsoProviderInput> = {}): SsoProviderInput => ({
  nombre: 'Empresa (Keycloak)',
  emisor: idp.issuer,
  cliente_id: idp.clientId,
  cliente_secreto: idp.clientSecret,
  alcances: 'openid email profile groups',
  claim_grupos: 'groups',
  roles: {
    administrador: ['canal-admins'],
    investigador: ['canal-investigadores'],
    auditor: ['canal-auditores'],
  },
  organizaciones: { 'personal-atacama': ['clinica-atacama'] },
  creacion_automatica: false,
  habilitado: true,
  ...change,
});

const save = (id: string, body: SsoProviderInput, as: StaffClient = admin) =>
  as.call(contract.saveSsoProvider, { params: { proveedor: id }, body });

let people = 0;
async function person(groups: string[], role: 'auditor' | 'administrador' = 'auditor') {
  people += 1;
  const email = `bo-sso${people}.${Date.now()}@empresa.cl`;
  const sub = `bo-sujeto-${people}`;
  idp.accounts.set(sub, { email, name: `Persona ${people}`, groups });
  const { id } = await invite(t, { email, role });
  return { sub, email, id };
}

/** Starts on one instance, walks the provider, returns on another: the signed-in client. */
async function ssoSignIn(
  provider: string,
  sub: string,
  { start = t, back = second }: { start?: TestApp; back?: TestApp } = {},
) {
  const started = await callApi(start.app, contract.ssoStart, { params: { proveedor: provider } });
  if (started.statusCode !== 303) return { started, res: null };
  idp.signInAs(sub);
  const url = await walkProvider(started.headers.location as string, REDIRECT);
  const res = await back.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { cookie: cookiesOf(started).cookie },
  });
  return { started, res };
}

const clientOn = (
  instance: TestApp,
  res: NonNullable<Awaited<ReturnType<typeof ssoSignIn>>['res']>,
  id: number,
  email: string,
) => {
  const { cookie, csrf } = cookiesOf(res);
  return new StaffClient(instance.app, id, email, '', cookie, csrf);
};

const auditOf = async (action: string) =>
  (
    await t.db.query<{ actor_id: number | null; detail: string }>(
      'SELECT actor_id, detail FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    )
  ).map((r) => ({ actor: r.actor_id, detail: JSON.parse(r.detail) as Record<string, unknown> }));

describe('providers configured in the back office', () => {
  it('shows the environment provider read-only, without its secret, and the return address', async () => {
    const res = await admin.call(contract.getSsoSettings, {});
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(ENV_SECRET);
    expect(res.json()).toMatchObject({
      retorno: REDIRECT,
      proveedores: [{ id: 'entorno', origen: 'entorno', secreto_guardado: true }],
      organizaciones_sso: [],
    });
    const taken = await save('entorno', providerInput());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('OIDC_PROVIDERS');
  });

  it('saves a provider (secret sealed, never answered, audited) that every instance offers at once', async () => {
    const res = await save('empresa', providerInput());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(idp.clientSecret);
    expect(res.json().proveedores).toContainEqual(
      expect.objectContaining({ id: 'empresa', origen: 'gestion', secreto_guardado: true }),
    );
    const [row] = await t.db.query<{ client_secret_enc: string }>(
      `SELECT client_secret_enc FROM sso_providers WHERE id = 'empresa'`,
    );
    expect(row!.client_secret_enc).not.toContain(idp.clientSecret);
    expect(t.services.keyring.openWithMaster(row!.client_secret_enc)).toBe(idp.clientSecret);

    const [saved] = await auditOf('sso.proveedor_guardado');
    expect(saved).toMatchObject({
      actor: admin.id,
      detail: { proveedor: 'empresa', antes: null, secreto_cambiado: true },
    });
    expect(JSON.stringify(saved)).not.toContain(idp.clientSecret);

    // The other instance lists it and signs a person in through it, with the role of the group.
    const listed = await callApi(second.app, contract.ssoProviders, {});
    expect(listed.json()).toContainEqual({ id: 'empresa', nombre: 'Empresa (Keycloak)' });
    const p = await person(['canal-investigadores', 'personal-atacama']);
    const { res: back } = await ssoSignIn('empresa', p.sub, { start: second, back: t });
    expect(back!.headers.location).toBe('/gestion');
    const me = await clientOn(t, back!, p.id, p.email).call(contract.currentSession, {});
    expect(me.json().usuario).toMatchObject({ rol: 'investigador', organizaciones: [ATACAMA] });
  });

  it('keeps the stored secret when the form leaves it empty, and a new mapping applies at the next sign-in', async () => {
    const changed = await save(
      'empresa',
      providerInput({
        cliente_secreto: '',
        roles: { administrador: [], investigador: [], auditor: ['canal-investigadores'] },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const audits = await auditOf('sso.proveedor_guardado');
    expect(audits.at(-1)!.detail).toMatchObject({
      secreto_cambiado: false,
      antes: { roles: { investigador: ['canal-investigadores'] } },
      despues: { roles: { auditor: ['canal-investigadores'] } },
    });
    const p = await person(['canal-investigadores']);
    const { res } = await ssoSignIn('empresa', p.sub);
    expect(res!.headers.location).toBe('/gestion');
    const me = await clientOn(second, res!, p.id, p.email).call(contract.currentSession, {});
    expect(me.json().usuario.rol).toBe('auditor');
  });

  it('a disabled provider offers no sign-in, and its sessions end at their next re-check', async () => {
    await save('empresa', providerInput({ cliente_secreto: '' }));
    const p = await person(['canal-investigadores']);
    const { res } = await ssoSignIn('empresa', p.sub);
    const client = clientOn(t, res!, p.id, p.email);
    expect((await client.call(contract.currentSession, {})).statusCode).toBe(200);

    const off = await save('empresa', providerInput({ cliente_secreto: '', habilitado: false }));
    expect(off.json().proveedores).toContainEqual(
      expect.objectContaining({ id: 'empresa', habilitado: false }),
    );
    expect((await callApi(second.app, contract.ssoProviders, {})).json()).not.toContainEqual(
      expect.objectContaining({ id: 'empresa' }),
    );
    const start = await callApi(second.app, contract.ssoStart, {
      params: { proveedor: 'empresa' },
    });
    expect(start.statusCode).toBe(404);

    await makeSsoRecheckDue(t, p.id);
    const onSecond = clientOn(second, res!, p.id, p.email);
    expect((await onSecond.call(contract.currentSession, {})).statusCode).toBe(401);
    await save('empresa', providerInput({ cliente_secreto: '' }));
  });

  it('refuses bad input with a Spanish message and a new provider without a secret', async () => {
    const bad = await save('otro', providerInput({ emisor: 'no es una dirección' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('emisor (issuer)');
    const scopes = await save('otro', providerInput({ alcances: 'email profile' }));
    expect(scopes.statusCode).toBe(400);
    expect(scopes.json().message).toBe('Los alcances (scopes) deben incluir openid.');
    const org = await save('otro', providerInput({ organizaciones: { g: ['no-existe'] } }));
    expect(org.statusCode).toBe(400);
    const noSecret = await save('otro', providerInput({ cliente_secreto: undefined }));
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().message).toBe(
      'Escriba el secreto de cliente (client secret) registrado en el proveedor.',
    );
    const id = await save('Con Mayúsculas', providerInput());
    expect(id.statusCode).toBe(400);
    const [row] = await t.db.query(`SELECT 1 FROM sso_providers WHERE id = 'otro'`);
    expect(row).toBeUndefined();
  });

  it('is for administrators of every organisation only', async () => {
    const investigator = await staff(t, { role: 'investigador' });
    expect((await investigator.call(contract.getSsoSettings, {})).statusCode).toBe(403);
    expect((await save('x', providerInput(), investigator)).statusCode).toBe(403);
    const local = await staff(t, { role: 'administrador', organizations: [ATACAMA] });
    expect((await local.call(contract.getSsoSettings, {})).statusCode).toBe(403);
    const refused = await save('x', providerInput(), local);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('administrador de todas las organizaciones');
  });
});

describe('organisations that require single sign-on, set in the back office', () => {
  it('refuses password sign-in to their people on every instance at once (administrators apart), audited', async () => {
    const investigator = await staff(t, { role: 'investigador', organizations: [ATACAMA] });
    const set = await admin.call(contract.saveSsoRequired, {
      body: { organizaciones: [ATACAMA] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().organizaciones_sso).toEqual([{ organizacion: ATACAMA, origen: 'gestion' }]);
    const refused = await signIn(second.app, investigator.email, codeFor(investigator.secret, 1));
    expect(refused.statusCode).toBe(403);
    const localAdmin = await staff(t, { role: 'administrador', organizations: [ATACAMA] });
    expect(
      (await signIn(second.app, localAdmin.email, codeFor(localAdmin.secret, 1))).statusCode,
    ).toBe(200);
    expect((await auditOf('sso.organizaciones')).at(-1)).toMatchObject({
      actor: admin.id,
      detail: { antes: [], despues: [ATACAMA] },
    });

    await admin.call(contract.saveSsoRequired, { body: { organizaciones: [] } });
    // A TOTP step is used once: the refused sign-in spent this one's.
    await t.db.query('UPDATE staff_users SET totp_last_step = NULL WHERE id = $1', [
      investigator.id,
    ]);
    expect(
      (await signIn(t.app, investigator.email, codeFor(investigator.secret, 1))).statusCode,
    ).toBe(200);
  });
});

describe('the last administrator', () => {
  it("keeps the administrator role when the provider's claims would take it (audited), until another administrator exists", async () => {
    expect((await save('empresa', providerInput())).statusCode).toBe(200);
    const p = await person(['canal-admins'], 'administrador');
    const first = await ssoSignIn('empresa', p.sub);
    expect(first.res!.headers.location).toBe('/gestion');
    // Every other administrator deactivated: this person is the last one.
    const others = await t.db.query<{ id: number }>(
      `UPDATE staff_users SET active = false
        WHERE role = 'administrador' AND active AND id <> $1 RETURNING id`,
      [p.id],
    );
    try {
      idp.accounts.get(p.sub)!.groups = ['canal-investigadores'];
      const { res } = await ssoSignIn('empresa', p.sub);
      expect(res!.headers.location).toBe('/gestion');
      const client = clientOn(t, res!, p.id, p.email);
      expect((await client.call(contract.currentSession, {})).json().usuario.rol).toBe(
        'administrador',
      );
      expect((await auditOf('usuario.degradacion_rechazada')).at(-1)).toMatchObject({
        actor: null,
        detail: { usuario_id: p.id, rol_pedido: 'investigador', origen: 'sso:empresa' },
      });

      // The re-checks refuse the same demotion, and audit it once: one entry for one event.
      const recheck = async (groups: string[]) => {
        idp.accounts.get(p.sub)!.groups = groups;
        await makeSsoRecheckDue(t, p.id);
        const rechecked = await client.call(contract.currentSession, {});
        expect(rechecked.statusCode).toBe(200);
        expect(rechecked.json().usuario.rol).toBe('administrador');
        return auditOf('usuario.degradacion_rechazada');
      };
      expect(await recheck(['canal-investigadores'])).toHaveLength(1);
      expect(await recheck(['canal-investigadores'])).toHaveLength(1);
      // Another request is another event; so is the same one asked again after the claims gave
      // the role back in between.
      const other = await recheck(['canal-auditores', 'personal-atacama']);
      expect(other).toHaveLength(2);
      expect(other.at(-1)!.detail).toMatchObject({
        rol_pedido: 'auditor',
        organizaciones_pedidas: [ATACAMA],
      });
      expect(await recheck(['canal-auditores', 'personal-atacama'])).toHaveLength(2);
      expect(await recheck(['canal-admins'])).toHaveLength(2);
      expect(await recheck(['canal-investigadores'])).toHaveLength(3);
      // A new sign-in is a new session: its refusal is an entry of its own.
      const again = await ssoSignIn('empresa', p.sub);
      expect(again.res!.headers.location).toBe('/gestion');
      expect(await auditOf('usuario.degradacion_rechazada')).toHaveLength(4);
    } finally {
      await t.db.query('UPDATE staff_users SET active = true WHERE id::text = ANY($1::text[])', [
        others.map((o) => String(o.id)),
      ]);
    }
    // With another administrator active, the claims decide again.
    const { res } = await ssoSignIn('empresa', p.sub);
    const me = await clientOn(t, res!, p.id, p.email).call(contract.currentSession, {});
    expect(me.json().usuario.rol).toBe('investigador');
  });
  it('two last administrators demoted at once on two instances: one keeps the role', async () => {
    expect((await save('empresa', providerInput())).statusCode).toBe(200);
    // Two administrators with password and code, each bound to the provider by a first sign-in.
    const pair = await Promise.all([1, 2].map(() => staff(t, { role: 'administrador' })));
    const subs = pair.map((a, i) => {
      const sub = `par-${i}-${Date.now()}`;
      idp.accounts.set(sub, { email: a.email, name: `Par ${i}`, groups: ['canal-admins'] });
      return sub;
    });
    for (const sub of subs)
      expect((await ssoSignIn('empresa', sub)).res!.headers.location).toBe('/gestion');
    const others = await t.db.query<{ id: number }>(
      `UPDATE staff_users SET active = false
        WHERE role = 'administrador' AND active AND NOT (id::text = ANY($1::text[])) RETURNING id`,
      [pair.map((a) => String(a.id))],
    );
    try {
      // Both walk the provider, then both returns arrive together, one on each instance.
      const returns = [];
      for (const [i, sub] of subs.entries()) {
        idp.accounts.get(sub)!.groups = ['canal-investigadores'];
        const start = await callApi((i ? second : t).app, contract.ssoStart, {
          params: { proveedor: 'empresa' },
        });
        idp.signInAs(sub);
        const url = await walkProvider(start.headers.location as string, REDIRECT);
        returns.push({ url, cookie: cookiesOf(start).cookie, instance: i ? t : second });
      }
      const done = await Promise.all(
        returns.map((r) =>
          r.instance.app.inject({
            method: 'GET',
            url: r.url.pathname + r.url.search,
            headers: { cookie: r.cookie },
          }),
        ),
      );
      for (const res of done) expect(res.headers.location).toBe('/gestion');
      const roles = await t.db.query<{ role: string }>(
        'SELECT role FROM staff_users WHERE id::text = ANY($1::text[]) ORDER BY id',
        [pair.map((a) => String(a.id))],
      );
      expect(roles.map((r) => r.role).sort()).toEqual(['administrador', 'investigador']);
    } finally {
      await t.db.query('UPDATE staff_users SET active = true WHERE id::text = ANY($1::text[])', [
        others.map((o) => String(o.id)),
      ]);
    }
  });
});
