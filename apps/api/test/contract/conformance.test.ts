import { RESUMABLE_PATH } from '../../src/portal/complaints/resumable-routes';
import { CASE_RESUMABLE_PATH } from '../../src/back-office/cases/resumable-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  STAFF_CSRF_HEADER,
  contract,
  endpoints,
  isJsonBody,
  strict,
  type Contract,
  type EndpointName,
  type ResponseOf,
  type StatusOf,
} from '@canal/shared/contract';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  EMAIL,
  HEAD_OFFICE,
  PASSWORD,
  denuncia,
  file,
  headers,
} from '@canal/test-support/complaints';
import { multipart } from '@canal/test-support/multipart';
import { pdf, png } from '@canal/test-support/files';
import {
  codeFor,
  cookiesOf,
  invite,
  openMilestoneKeys,
  signIn,
  staff,
  STAFF_PASSWORD,
  StaffClient,
} from '@canal/test-support/staff';
import {
  startOidcProvider,
  walkProvider,
  type TestProvider,
} from '@canal/test-support/oidc-provider';
import { BrowserAuthenticator } from '../support/authenticator';
import { DOWNLOAD_CSP } from '../../src/http/security-headers';

/**
 * Every endpoint of the shared contract, called for real: each answer's status must be declared
 * and its body must parse with the declared schema, strictly (a field the contract does not
 * declare fails). And every route the app registers must be in the contract.
 */

let t: TestApp;
let altcha: TestApp;
const METRICS_TOKEN = 'conformance-metrics-token';

/** Statuses seen per endpoint. */
const seen = new Map<EndpointName, Set<number>>();

const SSO_RETURN = 'http://localhost:3000/v1/gestion/sso/retorno';
let idp: TestProvider;

beforeAll(async () => {
  idp = await startOidcProvider(SSO_RETURN);
  t = await buildTestApp({
    env: {
      METRICS_TOKEN: METRICS_TOKEN,
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'prueba',
          nombre: 'Proveedor de prueba',
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          scopes: 'openid email profile groups',
          roles: { auditor: ['auditores'] },
        },
      ]),
    },
  });
  altcha = await buildTestApp({ env: { BOT_CHECK: 'altcha' } });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await altcha?.close();
});

/**
 * Checks one real answer against the contract entry of `name`: the expected status, declared, and a
 * body that parses strictly with the declared schema. Returns the body typed by the contract.
 */
function conforms<N extends EndpointName, S extends StatusOf<Contract[N]>>(
  name: N,
  res: LightMyRequestResponse,
  expected: S,
): ResponseOf<Contract[N], S> {
  const entry = contract[name];
  const declared = (entry.responses as Record<number, unknown>)[res.statusCode];
  expect(res.statusCode, `${name}: ${res.body}`).toBe(expected);
  expect(
    declared,
    `${name} answered ${res.statusCode}, which the contract does not declare: ${res.body}`,
  ).toBeDefined();
  if (!seen.has(name)) seen.set(name, new Set());
  seen.get(name)!.add(res.statusCode);
  const body = declared as Parameters<typeof isJsonBody>[0];
  if (isJsonBody(body)) {
    expect(res.headers['content-type'], name).toMatch(/^application\/json/);
    const parsed = strict(body).safeParse(res.json());
    if (!parsed.success)
      throw new Error(
        `${name} ${res.statusCode}: the answer does not match the contract: ${parsed.error.message}\n${res.body.slice(0, 2000)}`,
      );
    return parsed.data as ResponseOf<Contract[N], S>;
  }
  if (body.kind === 'empty') {
    expect(res.body, name).toBe('');
    return undefined as ResponseOf<Contract[N], S>;
  }
  expect(body.contentTypes, `${name} content type`).toContain(res.headers['content-type']);
  if (body.attachment) {
    expect(res.headers['content-disposition'], name).toMatch(/^attachment;/);
    // A file from the API is no JSON: it carries a CSP of its own, inert anywhere (decision 0025).
    expect(res.headers['content-security-policy'], name).toBe(DOWNLOAD_CSP);
  }
  expect(res.rawPayload.length, name).toBeGreaterThan(0);
  return new Blob([res.rawPayload]) as ResponseOf<Contract[N], S>;
}

/** The parts of a call by name, untyped: this test also sends what the contract refuses. */
interface Parts {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  payload?: unknown;
}

const partsOf = (o: Parts) =>
  ({ params: o.params, querystring: o.query, headers: o.headers, body: o.payload }) as never;

/** Calls an endpoint by name, built by the contract's `buildRequest` (as every client does). */
function call(app: TestApp['app'], name: EndpointName, o: Parts = {}) {
  return callApi(app, contract[name], partsOf(o));
}

/** A back-office call by name, with the client's cookies (and CSRF on writes). */
function staffCall(who: StaffClient, name: EndpointName, o: Omit<Parts, 'headers'> = {}) {
  const e = contract[name];
  expect(e.path.startsWith('/v1/gestion')).toBe(true);
  return who.call(
    e,
    partsOf({
      ...o,
      payload: o.payload ?? (e.method === 'GET' || e.method === 'DELETE' ? undefined : {}),
    }),
  );
}

const todayInChile = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());

/** The mailbox as the dev endpoint lists it, after the outbox is sent. */
async function mailbox() {
  await t.services.outbox.drain(t.db);
  return conforms('mailboxJson', await call(t.app, 'mailboxJson'), 200);
}

describe('every endpoint answers what the contract declares', () => {
  let ticket: number;
  let auth: Record<string, string>;
  let caseId: number;
  let admin: StaffClient;
  let investigator: StaffClient;
  let auditor: StaffClient;

  it('files a complaint (multipart) and refuses a bad one', async () => {
    const created = conforms(
      'createComplaint',
      await file(t.app, denuncia(), [{ filename: 'prueba.pdf', content: pdf() }]),
      201,
    );
    ticket = created.ticket;
    conforms('createComplaint', await file(t.app, denuncia({ relato: 'corto' })), 400);
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      ticket,
    ]);
    caseId = row!.id;
  });

  it('opens a pending filing for the filing form’s files (decision 0074)', async () => {
    const opened = conforms(
      'openPendingFiling',
      await call(t.app, 'openPendingFiling', { headers: headers() }),
      201,
    );
    expect(opened.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    conforms('openPendingFiling', await call(t.app, 'openPendingFiling', {}), 400);
  });

  it('signs the complainant in', async () => {
    const ok = conforms(
      'login',
      await call(t.app, 'login', { headers: headers(), payload: { ticket, password: PASSWORD } }),
      200,
    );
    auth = { ...headers(), authorization: `Bearer ${ok.token}` };
    conforms(
      'login',
      await call(t.app, 'login', {
        headers: headers(),
        payload: { ticket, password: 'Otra#Clave1' },
      }),
      401,
    );
  });

  it('reads the complaint, its files and its status; downloads a file by its signed link', async () => {
    conforms(
      'complaintDetail',
      await call(t.app, 'complaintDetail', { params: { id: ticket }, headers: auth }),
      200,
    );
    conforms(
      'complaintDetail',
      await call(t.app, 'complaintDetail', { params: { id: ticket }, headers: headers() }),
      401,
    );
    conforms(
      'complaintDetail',
      await call(t.app, 'complaintDetail', { params: { id: 100000000001 }, headers: auth }),
      404,
    );
    const list = conforms(
      'complaintAttachments',
      await call(t.app, 'complaintAttachments', { params: { id: ticket }, headers: auth }),
      200,
    );
    expect(list).toHaveLength(1);
    conforms(
      'complaintAttachments',
      await call(t.app, 'complaintAttachments', { params: { id: ticket }, headers: headers() }),
      401,
    );
    conforms(
      'summarySeal',
      await call(t.app, 'summarySeal', {
        params: { id: ticket },
        headers: auth,
        payload: { logo: { ancho: 3, alto: 1 } },
      }),
      200,
    );
    conforms(
      'summarySeal',
      await call(t.app, 'summarySeal', {
        params: { id: ticket },
        headers: headers(),
        payload: { logo: null },
      }),
      401,
    );
    conforms('downloadFile', await t.app.inject({ method: 'GET', url: list[0]!.path }), 200);
    conforms(
      'downloadFile',
      await t.app.inject({ method: 'GET', url: list[0]!.path.replace(/s=[^&]+/, 's=x') }),
      410,
    );
    conforms(
      'complaintStatus',
      await call(t.app, 'complaintStatus', { headers: auth, payload: { codigo: ticket } }),
      200,
    );
    conforms(
      'complaintStatus',
      await call(t.app, 'complaintStatus', { headers: auth, payload: { codigo: 'x' } }),
      400,
    );
  });

  it('adds a comment; files are refused until documents are asked for', async () => {
    conforms(
      'addComment',
      await call(t.app, 'addComment', {
        headers: auth,
        payload: { denuncia_id: ticket, comentario: 'Un antecedente más.' },
      }),
      201,
    );
    conforms(
      'addComment',
      await call(t.app, 'addComment', {
        headers: auth,
        payload: { denuncia_id: ticket, comentario: '' },
      }),
      400,
    );
    conforms('uploadFiles', await upload(), 409);
  });

  it('asks for the investigator to be replaced, one open request at a time', async () => {
    const ask = (motivo: string) =>
      call(t.app, 'requestReplacement', {
        headers: auth,
        payload: { denuncia_id: ticket, motivo },
      });
    conforms('requestReplacement', await ask('La persona a cargo conoce a la denunciada.'), 201);
    conforms('requestReplacement', await ask('Otra vez.'), 409);
    conforms('requestReplacement', await ask(''), 400);
  });

  const upload = () => {
    const { body, headers: h } = multipart([
      {
        name: 'bitacora',
        json: { codigo: ticket, comentario: 'Adjunto respaldo', usuario: EMAIL },
      },
      { name: 'files', filename: 'foto.png', content: png() },
    ]);
    return t.app.inject({
      method: 'POST',
      url: contract.uploadFiles.path,
      headers: { ...auth, ...h },
      payload: body,
    });
  };

  it('reads master data, with ETags', async () => {
    const names = [
      'zones',
      'zonePlaces',
      'offenceCategories',
      'relationOptions',
      'recognitionOptions',
    ] as const;
    for (const name of names) {
      const res = await call(t.app, name, { headers: headers() });
      conforms(name, res, 200);
      const again = await call(t.app, name, {
        headers: headers(undefined, { 'if-none-match': String(res.headers.etag) }),
      });
      conforms(name, again, 304);
      conforms(name, await call(t.app, name), 400);
    }
    conforms(
      'zoneAgencies',
      await call(t.app, 'zoneAgencies', { params: { zone: 13 }, headers: headers() }),
      200,
    );
    conforms(
      'zoneAgencies',
      await call(t.app, 'zoneAgencies', { params: { zone: 999999 }, headers: headers() }),
      404,
    );
    conforms(
      'zoneAgencies',
      await call(t.app, 'zoneAgencies', { params: { zone: 'x' }, headers: headers() }),
      400,
    );
  });

  it('recovers codes and resets the password through the mailed link', async () => {
    conforms(
      'recoverCodes',
      await call(t.app, 'recoverCodes', { headers: headers(), payload: { email: EMAIL } }),
      200,
    );
    conforms(
      'recoverCodes',
      await call(t.app, 'recoverCodes', { headers: headers(), payload: { email: 'no' } }),
      400,
    );
    conforms(
      'requestPasswordReset',
      await call(t.app, 'requestPasswordReset', {
        headers: headers(),
        payload: { codigo: ticket, email: 'otra@correo.cl' },
      }),
      404,
    );
    conforms(
      'requestPasswordReset',
      await call(t.app, 'requestPasswordReset', {
        headers: headers(),
        payload: { codigo: ticket, email: EMAIL },
      }),
      200,
    );
    const mail = (await mailbox()).find((m) => /restablecer-contrasena\//.test(m.text));
    const token = /restablecer-contrasena\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const payload = { token, password: PASSWORD, repeatPassword: PASSWORD };
    const reset = conforms(
      'resetPassword',
      await call(t.app, 'resetPassword', { headers: headers(), payload }),
      200,
    );
    expect(reset.ticket).toBe(ticket);
    conforms(
      'resetPassword',
      await call(t.app, 'resetPassword', { headers: headers(), payload }),
      410,
    );
    // A new password ends the complainant's sessions: sign in again.
    const again = await call(t.app, 'login', {
      headers: headers(),
      payload: { ticket, password: PASSWORD },
    });
    auth = { ...headers(), authorization: `Bearer ${conforms('login', again, 200).token}` };
  });

  it('serves the complainant’s rights over their data (Law 21.719), on a complaint of its own', async () => {
    const own = conforms('createComplaint', await file(t.app, denuncia()), 201);
    const signedIn = await call(t.app, 'login', {
      headers: headers(),
      payload: { ticket: own.ticket, password: PASSWORD },
    });
    const mine = {
      ...headers(),
      authorization: `Bearer ${conforms('login', signedIn, 200).token}`,
    };
    const params = { id: String(own.ticket) };
    conforms(
      'personalDataExport',
      await call(t.app, 'personalDataExport', { headers: mine, params }),
      200,
    );
    conforms(
      'personalDataExport',
      await call(t.app, 'personalDataExport', { headers: mine, params: { id: String(ticket) } }),
      404,
    );
    const change = (email: string) =>
      call(t.app, 'changeContactEmail', {
        headers: mine,
        payload: { denuncia_id: own.ticket, email },
      });
    conforms('changeContactEmail', await change('nueva.direccion@correo.cl'), 200);
    conforms('changeContactEmail', await change(EMAIL), 409);
    conforms('changeContactEmail', await change('no'), 400);
    const mail = (await mailbox()).find((m) => /confirmar-correo\//.test(m.text));
    const token = /confirmar-correo\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const confirm = () =>
      call(t.app, 'confirmContactEmail', { headers: headers(), payload: { token } });
    expect(conforms('confirmContactEmail', await confirm(), 200).ticket).toBe(own.ticket);
    conforms('confirmContactEmail', await confirm(), 410);
    const phone = (fono: string) =>
      call(t.app, 'changeContactPhone', {
        headers: mine,
        payload: { denuncia_id: own.ticket, fono },
      });
    conforms('changeContactPhone', await phone('987654321'), 200);
    conforms('changeContactPhone', await phone('987654321'), 409);
    conforms('changeContactPhone', await phone('12'), 400);
    const ask = (derecho: string) =>
      call(t.app, 'requestDataRight', {
        headers: mine,
        payload: { denuncia_id: own.ticket, derecho, detalle: 'Pido bloquear mis datos.' },
      });
    conforms('requestDataRight', await ask('bloqueo'), 201);
    conforms('requestDataRight', await ask('acceso'), 400);
  });

  it('signs the complainant out: the token dies, and signing out again is still 204', async () => {
    const signedIn = await call(t.app, 'login', {
      headers: headers(),
      payload: { ticket, password: PASSWORD },
    });
    const own = { ...headers(), authorization: `Bearer ${conforms('login', signedIn, 200).token}` };
    conforms('complainantSignOut', await call(t.app, 'complainantSignOut', { headers: own }), 204);
    conforms(
      'complaintDetail',
      await call(t.app, 'complaintDetail', { params: { id: ticket }, headers: own }),
      401,
    );
    conforms('complainantSignOut', await call(t.app, 'complainantSignOut', { headers: own }), 204);
    conforms(
      'complainantSignOut',
      await call(t.app, 'complainantSignOut', { headers: headers() }),
      401,
    );
    conforms('complainantSignOut', await call(t.app, 'complainantSignOut', { headers: {} }), 400);
    // The other session of the same complaint is untouched.
    conforms(
      'complaintDetail',
      await call(t.app, 'complaintDetail', { params: { id: ticket }, headers: auth }),
      200,
    );
  });

  it('tells the bot-check mode and hands out ALTCHA challenges only in that mode', async () => {
    conforms('botCheckConfig', await call(t.app, 'botCheckConfig'), 200);
    conforms('botCheckConfig', await call(altcha.app, 'botCheckConfig'), 200);
    conforms('altchaChallenge', await call(t.app, 'altchaChallenge'), 404);
    conforms('altchaChallenge', await call(altcha.app, 'altchaChallenge'), 200);
  });

  it('publishes the signing keys and checks a document', async () => {
    const { claves } = conforms('publicKeys', await call(t.app, 'publicKeys'), 200);
    expect(claves).toHaveLength(1);
    expect(conforms('publicKeysWellKnown', await call(t.app, 'publicKeysWellKnown'), 200)).toEqual({
      claves,
    });
    const unsigned = { documento: Buffer.from('%PDF-1.4 nada').toString('base64') };
    expect(
      conforms('verifyDocument', await call(t.app, 'verifyDocument', { payload: unsigned }), 200),
    ).toMatchObject({ estado: 'sin-firma' });
    conforms(
      'verifyDocument',
      await call(t.app, 'verifyDocument', { payload: { documento: 'no es base64!' } }),
      400,
    );
  });

  it('answers the load balancer and the monitoring system', async () => {
    expect(conforms('livez', await call(t.app, 'livez'), 200)).toEqual({ status: 'ok' });
    expect(conforms('readyz', await call(t.app, 'readyz'), 200)).toEqual({ status: 'ok' });
    conforms('metrics', await call(t.app, 'metrics'), 404);
    const metrics = conforms(
      'metrics',
      await call(t.app, 'metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
      200,
    );
    expect(await metrics.text()).toContain('http_request_duration_seconds');
  });

  it('shows the local mailbox as a page', async () => {
    conforms('mailboxPage', await call(t.app, 'mailboxPage'), 200);
  });

  it('activates a staff account and signs in and out', async () => {
    const { id, email, token } = await invite(t, { role: 'administrador' });
    conforms(
      'lookupInvitation',
      await call(t.app, 'lookupInvitation', { payload: { token: 'x'.repeat(43) } }),
      410,
    );
    const lookup = conforms(
      'lookupInvitation',
      await call(t.app, 'lookupInvitation', { payload: { token } }),
      200,
    );
    const secret = lookup.totp.secreto as string;
    conforms(
      'activate',
      await call(t.app, 'activate', { payload: { token, password: STAFF_PASSWORD, codigo: '1' } }),
      400,
    );
    const activation = await call(t.app, 'activate', {
      payload: { token, password: STAFF_PASSWORD, codigo: codeFor(secret) },
    });
    conforms('activate', activation, 200);
    const { cookie, csrf } = cookiesOf(activation);
    admin = new StaffClient(t.app, id, email, secret, cookie, csrf);

    conforms('currentSession', await staffCall(admin, 'currentSession'), 200);
    conforms(
      'currentSession',
      await call(t.app, 'currentSession', { headers: { cookie: 'gestion_sesion=x' } }),
      401,
    );

    conforms('signIn', await signIn(t.app, email, codeFor(secret, 1), 'Otra clave 12345'), 401);
    const second = await signIn(t.app, email, codeFor(secret, 1));
    conforms('signIn', second, 200);
    const other = cookiesOf(second);
    const session = new StaffClient(t.app, id, email, secret, other.cookie, other.csrf);
    conforms(
      'signOut',
      await session.call(contract.signOut, { headers: { 'x-csrf-token': 'x' } }),
      403,
    );
    conforms('signOut', await staffCall(session, 'signOut'), 204);
  });

  it('administers users', async () => {
    investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
    auditor = await staff(t, { role: 'auditor' });
    conforms('listUsers', await staffCall(admin, 'listUsers'), 200);
    conforms('listUsers', await staffCall(investigator, 'listUsers'), 403);
    const user = { email: 'nueva.persona@empresa.cl', nombre: 'Nueva Persona', rol: 'auditor' };
    const created = conforms(
      'inviteUser',
      await staffCall(admin, 'inviteUser', { payload: user }),
      201,
    );
    conforms('inviteUser', await staffCall(admin, 'inviteUser', { payload: user }), 409);
    conforms(
      'updateUser',
      await staffCall(admin, 'updateUser', {
        params: { id: created.id },
        payload: { nombre: 'Persona Nueva' },
      }),
      200,
    );
    conforms(
      'updateUser',
      await staffCall(admin, 'updateUser', { params: { id: 999999 }, payload: { activo: true } }),
      404,
    );
    conforms(
      'reinviteUser',
      await staffCall(admin, 'reinviteUser', { params: { id: created.id } }),
      202,
    );
    conforms(
      'reinviteUser',
      await staffCall(admin, 'reinviteUser', { params: { id: 999999 } }),
      404,
    );
  });

  it('signs in by single sign-on: providers, start (a redirect to the provider), return', async () => {
    const providers = conforms('ssoProviders', await call(t.app, 'ssoProviders'), 200);
    expect(providers).toEqual([{ id: 'prueba', nombre: 'Proveedor de prueba' }]);
    conforms('ssoStart', await call(t.app, 'ssoStart', { params: { proveedor: 'otro' } }), 404);
    conforms('ssoStart', await call(t.app, 'ssoStart', { params: { proveedor: 'No Vale' } }), 400);
    const start = await call(t.app, 'ssoStart', { params: { proveedor: 'prueba' } });
    conforms('ssoStart', start, 303);
    const email = `sso.conformidad@empresa.cl`;
    idp.accounts.set('conformidad', { email, name: 'Conformidad', groups: ['auditores'] });
    await invite(t, { email, role: 'auditor' });
    idp.signInAs('conformidad');
    const back = await walkProvider(start.headers.location as string, SSO_RETURN);
    const done = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: cookiesOf(start).cookie },
    });
    conforms('ssoCallback', done, 303);
    expect(done.headers.location).toBe('/gestion');
  });

  it('reads and saves the single sign-on configuration (decision 0077)', async () => {
    conforms('getSsoSettings', await staffCall(admin, 'getSsoSettings'), 200);
    conforms('getSsoSettings', await staffCall(investigator, 'getSsoSettings'), 403);
    const provider = {
      nombre: 'Otro proveedor',
      emisor: idp.issuer,
      cliente_id: idp.clientId,
      cliente_secreto: idp.clientSecret,
      alcances: 'openid email',
      claim_grupos: 'groups',
      roles: { administrador: [], investigador: [], auditor: ['auditores'] },
      organizaciones: {},
      creacion_automatica: false,
      habilitado: false,
    };
    const save = (proveedor: string, payload: typeof provider) =>
      staffCall(admin, 'saveSsoProvider', { params: { proveedor }, payload });
    conforms('saveSsoProvider', await save('otro-conformidad', provider), 200);
    conforms('saveSsoProvider', await save('prueba', provider), 409);
    conforms(
      'saveSsoProvider',
      await save('otro-conformidad', { ...provider, alcances: 'email' }),
      400,
    );
    const required = (organizaciones: string[]) =>
      staffCall(admin, 'saveSsoRequired', { payload: { organizaciones } });
    conforms('saveSsoRequired', await required([]), 200);
    conforms('saveSsoRequired', await required(['no-existe']), 400);
  });

  it('lists and ends sessions (the person’s own, an administrator’s end of someone’s)', async () => {
    const mine = conforms('listMySessions', await staffCall(investigator, 'listMySessions'), 200);
    expect(mine.some((s) => s.actual)).toBe(true);
    conforms(
      'endMySession',
      await staffCall(investigator, 'endMySession', { params: { id: 999999 } }),
      404,
    );
    conforms(
      'endMySession',
      await staffCall(investigator, 'endMySession', { params: { id: 'x' } }),
      400,
    );
    const extra = await signIn(t.app, investigator.email, codeFor(investigator.secret, 1));
    expect(extra.statusCode).toBe(200);
    const ids = (await staffCall(investigator, 'listMySessions')).json() as {
      id: number;
      actual: boolean;
    }[];
    const other = ids.find((s) => !s.actual)!;
    conforms(
      'endMySession',
      await staffCall(investigator, 'endMySession', { params: { id: other.id } }),
      204,
    );
    conforms('endMyOtherSessions', await staffCall(investigator, 'endMyOtherSessions'), 200);
    conforms(
      'endUserSessions',
      await staffCall(investigator, 'endUserSessions', { params: { id: auditor.id } }),
      403,
    );
    conforms(
      'endUserSessions',
      await staffCall(admin, 'endUserSessions', { params: { id: 999999 } }),
      404,
    );
    conforms(
      'endUserSessions',
      await staffCall(admin, 'endUserSessions', { params: { id: auditor.id } }),
      200,
    );
    auditor = await staff(t, { role: 'auditor' });
  });

  it('registers a passkey in Chromium, signs in with it, removes it; the policy and the reset', async () => {
    const browser = await BrowserAuthenticator.launch();
    try {
      const device = await BrowserAuthenticator.open(browser, 'http://localhost:3000');
      const p = await staff(t, { role: 'investigador' });
      const options = conforms(
        'passkeyRegistrationOptions',
        await staffCall(p, 'passkeyRegistrationOptions'),
        200,
      );
      const respuesta = await device.create(options.opciones);
      conforms(
        'registerPasskey',
        await staffCall(p, 'registerPasskey', { payload: { nombre: '', respuesta } }),
        400,
      );
      conforms(
        'registerPasskey',
        await staffCall(p, 'registerPasskey', { payload: { nombre: 'Portátil', respuesta } }),
        201,
      );
      const [item] = conforms('listMyPasskeys', await staffCall(p, 'listMyPasskeys'), 200);
      const signInOptions = conforms(
        'passkeySignInOptions',
        await call(t.app, 'passkeySignInOptions'),
        200,
      );
      const answer = await device.get(signInOptions.opciones);
      conforms(
        'passkeySignIn',
        await call(t.app, 'passkeySignIn', { payload: { respuesta: answer } }),
        200,
      );
      conforms(
        'passkeySignIn',
        await call(t.app, 'passkeySignIn', { payload: { respuesta: answer } }),
        401,
      );
      conforms('passkeySignIn', await call(t.app, 'passkeySignIn', { payload: {} }), 400);
      conforms(
        'removeMyPasskey',
        await staffCall(p, 'removeMyPasskey', { params: { id: item!.id } }),
        204,
      );
      conforms(
        'removeMyPasskey',
        await staffCall(p, 'removeMyPasskey', { params: { id: item!.id } }),
        404,
      );
      conforms('getSecurityPolicy', await staffCall(admin, 'getSecurityPolicy'), 200);
      conforms('getSecurityPolicy', await staffCall(p, 'getSecurityPolicy'), 403);
      conforms(
        'updateSecurityPolicy',
        await staffCall(admin, 'updateSecurityPolicy', {
          payload: { llaves_obligatorias_administradores: 'sí' },
        }),
        400,
      );
      conforms(
        'updateSecurityPolicy',
        await staffCall(admin, 'updateSecurityPolicy', {
          payload: { llaves_obligatorias_administradores: false },
        }),
        200,
      );
      conforms(
        'resetUserPasskeys',
        await staffCall(admin, 'resetUserPasskeys', { params: { id: 999999 } }),
        404,
      );
      conforms(
        'resetUserPasskeys',
        await staffCall(admin, 'resetUserPasskeys', { params: { id: p.id } }),
        200,
      );
    } finally {
      await browser.close();
    }
  });

  it('works a case: inbox, view, files, status, dialogue, assignment, exclusions, milestones', async () => {
    const page = conforms('inbox', await staffCall(admin, 'inbox'), 200);
    expect(page.casos.length).toBeGreaterThan(0);
    conforms('inbox', await staffCall(admin, 'inbox', { query: { limite: '0' } }), 400);

    conforms(
      'assignCase',
      await staffCall(admin, 'assignCase', {
        params: { id: caseId },
        payload: { usuario_id: investigator.id },
      }),
      200,
    );
    conforms(
      'assignCase',
      await staffCall(admin, 'assignCase', {
        params: { id: caseId },
        payload: { usuario_id: 'x' },
      }),
      400,
    );
    const second = await file(t.app, denuncia());
    expect(second.statusCode, second.body).toBe(201);
    const [other] = await t.db.query<{ id: number; case_number: string }>(
      'SELECT id, case_number FROM complaints WHERE ticket = $1',
      [second.json().ticket],
    );
    conforms(
      'linkCase',
      await staffCall(admin, 'linkCase', {
        params: { id: caseId },
        payload: { numero: other!.case_number, tipo: 'duplicado_de' },
      }),
      200,
    );
    conforms(
      'unlinkCase',
      await staffCall(admin, 'unlinkCase', { params: { id: caseId, linkedId: other!.id } }),
      200,
    );
    conforms(
      'linkCase',
      await staffCall(admin, 'linkCase', {
        params: { id: caseId },
        payload: { numero: 'NO-EXISTE-1', tipo: 'relacionado' },
      }),
      404,
    );
    conforms(
      'linkCase',
      await staffCall(admin, 'linkCase', {
        params: { id: caseId },
        payload: { numero: 'X', tipo: 'primo' },
      }),
      400,
    );
    conforms(
      'unlinkCase',
      await staffCall(admin, 'unlinkCase', { params: { id: caseId, linkedId: caseId } }),
      404,
    );
    const savedView = conforms(
      'saveView',
      await staffCall(admin, 'saveView', {
        payload: { nombre: 'Mías', filtros: { asignado: 'yo', orden: 'numero' } },
      }),
      201,
    );
    conforms('saveView', await staffCall(admin, 'saveView', { payload: { nombre: '' } }), 400);
    conforms('listSavedViews', await staffCall(admin, 'listSavedViews', {}), 200);
    conforms(
      'deleteSavedView',
      await staffCall(admin, 'deleteSavedView', { params: { id: savedView.id } }),
      200,
    );
    conforms(
      'deleteSavedView',
      await staffCall(admin, 'deleteSavedView', { params: { id: savedView.id } }),
      404,
    );
    conforms(
      'setCasePriority',
      await staffCall(admin, 'setCasePriority', {
        params: { id: caseId },
        payload: { prioridad: 'alta' },
      }),
      200,
    );
    conforms(
      'setCasePriority',
      await staffCall(admin, 'setCasePriority', {
        params: { id: caseId },
        payload: { prioridad: 'urgente' },
      }),
      400,
    );
    conforms(
      'setCaseTags',
      await staffCall(admin, 'setCaseTags', {
        params: { id: caseId },
        payload: { etiquetas: ['Revisar'] },
      }),
      200,
    );
    conforms(
      'setCaseTags',
      await staffCall(admin, 'setCaseTags', {
        params: { id: caseId },
        payload: { etiquetas: [''] },
      }),
      400,
    );
    const view = conforms(
      'viewCase',
      await staffCall(admin, 'viewCase', { params: { id: caseId } }),
      200,
    );
    conforms('viewCase', await staffCall(admin, 'viewCase', { params: { id: 999999 } }), 404);
    conforms(
      'downloadCaseFile',
      await staffCall(admin, 'downloadCaseFile', {
        params: { id: caseId, fileId: view.archivos[0]!.id },
      }),
      200,
    );
    conforms(
      'downloadCaseFile',
      await staffCall(admin, 'downloadCaseFile', {
        params: { id: caseId, fileId: '00000000-0000-4000-8000-000000000000' },
      }),
      404,
    );
    conforms(
      'downloadCaseDossier',
      await staffCall(admin, 'downloadCaseDossier', { params: { id: caseId } }),
      200,
    );
    conforms(
      'downloadCaseDossier',
      await staffCall(admin, 'downloadCaseDossier', { params: { id: 999999 } }),
      404,
    );
    conforms(
      'reclassifyCase',
      await staffCall(admin, 'reclassifyCase', {
        params: { id: caseId },
        payload: { tipo_id: 99999, motivo: 'Otro tipo.' },
      }),
      400,
    );
    conforms('listReplacementRequests', await staffCall(admin, 'listReplacementRequests'), 200);
    conforms(
      'listReplacementRequests',
      await staffCall(investigator, 'listReplacementRequests'),
      403,
    );
    const answer = (payload: Record<string, unknown>) =>
      staffCall(admin, 'answerReplacementRequest', { params: { id: caseId }, payload });
    conforms('answerReplacementRequest', await answer({ decision: 'rechazada' }), 400);
    conforms(
      'answerReplacementRequest',
      await answer({ decision: 'rechazada', motivo: 'No hay conflicto de interés.' }),
      200,
    );
    conforms(
      'answerReplacementRequest',
      await answer({ decision: 'rechazada', motivo: 'Otra vez.' }),
      404,
    );
    // The register of data-protection requests (Law 21.719).
    conforms('listDataRequests', await staffCall(admin, 'listDataRequests'), 200);
    conforms('listDataRequests', await staffCall(investigator, 'listDataRequests'), 403);
    conforms(
      'listDataRequests',
      await staffCall(admin, 'listDataRequests', { query: { estado: 'otra' } }),
      400,
    );
    const newRequest = {
      organizacion: HEAD_OFFICE,
      solicitante: 'denunciado',
      nombre: 'Persona Denunciada',
      derecho: 'acceso',
      canal: 'correo',
      detalle: 'Pide acceso a sus datos.',
      casos: [caseId],
    };
    const { id: requestId } = conforms(
      'createDataRequest',
      await staffCall(admin, 'createDataRequest', { payload: newRequest }),
      201,
    );
    conforms(
      'createDataRequest',
      await staffCall(admin, 'createDataRequest', { payload: { ...newRequest, casos: [999999] } }),
      404,
    );
    conforms(
      'createDataRequest',
      await staffCall(admin, 'createDataRequest', { payload: { ...newRequest, derecho: 'otro' } }),
      400,
    );
    conforms(
      'viewDataRequest',
      await staffCall(admin, 'viewDataRequest', { params: { id: requestId } }),
      200,
    );
    conforms(
      'viewDataRequest',
      await staffCall(admin, 'viewDataRequest', { params: { id: 999999 } }),
      404,
    );
    const preview = conforms(
      'previewAccessAnswer',
      await staffCall(admin, 'previewAccessAnswer', { params: { id: requestId } }),
      200,
    );
    conforms(
      'previewAccessAnswer',
      await staffCall(auditor, 'previewAccessAnswer', { params: { id: requestId } }),
      403,
    );
    const extend = () =>
      staffCall(admin, 'extendDataRequest', {
        params: { id: requestId },
        payload: { motivo: 'Consulta legal.' },
      });
    conforms('extendDataRequest', await extend(), 200);
    conforms('extendDataRequest', await extend(), 409);
    const answerRequest = (payload: Record<string, unknown>) =>
      staffCall(admin, 'answerDataRequest', { params: { id: requestId }, payload });
    const decided = { decision: 'acogida_parcial', fundamento: 'Acceso con reserva.' };
    conforms('answerDataRequest', await answerRequest({ decision: 'acogida' }), 400);
    conforms(
      'answerDataRequest',
      await answerRequest({ ...decided, respuesta: 'Su denunciante es María José González.' }),
      422,
    );
    conforms(
      'answerDataRequest',
      await answerRequest({ ...decided, respuesta: preview.texto }),
      200,
    );
    conforms(
      'answerDataRequest',
      await answerRequest({ ...decided, respuesta: preview.texto }),
      409,
    );
    // To another type and back: the milestones below are the original type's.
    for (const tipo_id of [view.caso.tipo_id === 26 ? 1 : 26, view.caso.tipo_id])
      conforms(
        'reclassifyCase',
        await staffCall(admin, 'reclassifyCase', {
          params: { id: caseId },
          payload: { tipo_id, motivo: 'Otro tipo.' },
        }),
        200,
      );

    conforms(
      'viewCaseFile',
      await staffCall(admin, 'viewCaseFile', {
        params: { id: caseId, fileId: view.archivos[0]!.id },
      }),
      200,
    );
    conforms(
      'viewCaseFile',
      await staffCall(admin, 'viewCaseFile', {
        params: { id: caseId, fileId: '00000000-0000-4000-8000-000000000000' },
      }),
      404,
    );

    const toMissing = { estado: 'Faltan antecedentes', comentario: 'Necesitamos un respaldo.' };
    conforms(
      'changeStatus',
      await staffCall(admin, 'changeStatus', { params: { id: caseId }, payload: toMissing }),
      201,
    );
    conforms(
      'changeStatus',
      await staffCall(admin, 'changeStatus', { params: { id: caseId }, payload: toMissing }),
      409,
    );
    conforms('uploadFiles', await upload(), 201);

    for (const name of ['replyToComplainant', 'addInternalNote'] as const) {
      conforms(
        name,
        await staffCall(admin, name, { params: { id: caseId }, payload: { comentario: 'Texto.' } }),
        201,
      );
      conforms(
        name,
        await staffCall(admin, name, { params: { id: caseId }, payload: { comentario: ' ' } }),
        400,
      );
    }

    const teamReply = (comentario: string) => {
      const { body, headers: h } = multipart([
        { name: 'respuesta', json: { comentario } },
        { name: 'files', filename: 'acta.pdf', content: pdf() },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/v1/gestion/casos/${caseId}/respuestas/archivos`,
        headers: { ...h, cookie: admin.cookie, [STAFF_CSRF_HEADER]: admin.csrf },
        payload: body,
      });
    };
    conforms('replyWithFiles', await teamReply('Le enviamos el acta.'), 201);
    conforms('replyWithFiles', await teamReply(' '), 400);

    const exclusion = { id: caseId, userId: auditor.id };
    conforms(
      'excludeFromCase',
      await staffCall(investigator, 'excludeFromCase', { params: exclusion }),
      403,
    );
    conforms(
      'excludeFromCase',
      await staffCall(admin, 'excludeFromCase', { params: exclusion }),
      200,
    );
    conforms(
      'removeExclusion',
      await staffCall(admin, 'removeExclusion', { params: exclusion }),
      200,
    );
    conforms(
      'removeExclusion',
      await staffCall(admin, 'removeExclusion', { params: { id: 999999, userId: auditor.id } }),
      404,
    );

    conforms(
      'recordMilestone',
      await staffCall(admin, 'recordMilestone', {
        params: { id: caseId, clave: 'medidas_resguardo' },
        payload: { fecha: todayInChile() },
      }),
      200,
    );
    conforms(
      'recordMilestone',
      await staffCall(admin, 'recordMilestone', {
        params: { id: caseId, clave: 'acuse_recibo' },
        payload: { fecha: todayInChile() },
      }),
      400,
    );
    // The view again, with a reply, a note, an assignee and a recorded milestone.
    conforms(
      'viewCase',
      await staffCall(investigator, 'viewCase', { params: { id: caseId } }),
      200,
    );
  });

  it('reads the audit log and checks its chain', async () => {
    conforms('auditLog', await staffCall(auditor, 'auditLog', { query: { limite: '200' } }), 200);
    conforms('auditLog', await staffCall(investigator, 'auditLog'), 403);
    conforms('auditLog', await staffCall(admin, 'auditLog', { query: { limite: '201' } }), 400);
    conforms('exportAuditCsv', await staffCall(auditor, 'exportAuditCsv'), 200);
    conforms('exportAuditCsv', await staffCall(investigator, 'exportAuditCsv'), 403);
    conforms(
      'exportAuditCsv',
      await staffCall(admin, 'exportAuditCsv', { query: { accion: 'nada' } }),
      400,
    );
    conforms('verifyAuditChain', await staffCall(admin, 'verifyAuditChain'), 200);
    conforms('verifyAuditChain', await staffCall(investigator, 'verifyAuditChain'), 403);
    // The Merkle log (decision 0066): a checkpoint, public; an entry's inclusion; consistency.
    conforms('issueAuditCheckpoint', await staffCall(investigator, 'issueAuditCheckpoint'), 403);
    const checkpoint = conforms(
      'issueAuditCheckpoint',
      await staffCall(auditor, 'issueAuditCheckpoint'),
      200,
    );
    expect(conforms('auditCheckpoint', await call(t.app, 'auditCheckpoint'), 200)).toEqual(
      checkpoint,
    );
    // An administrator of every organisation sees every entry.
    const seenByAdmin = conforms(
      'auditLog',
      await staffCall(admin, 'auditLog', { query: { limite: '200' } }),
      200,
    );
    const oldest = seenByAdmin.entradas.at(-1)!;
    const inclusion = conforms(
      'auditInclusionProof',
      await staffCall(admin, 'auditInclusionProof', { params: { id: oldest.id } }),
      200,
    );
    expect(inclusion.tamano).toBe(checkpoint.tamano);
    expect(inclusion.punto_control).toEqual(checkpoint);
    conforms(
      'auditInclusionProof',
      await staffCall(auditor, 'auditInclusionProof', { params: { id: 987_654_321 } }),
      404,
    );
    conforms(
      'auditInclusionProof',
      await staffCall(auditor, 'auditInclusionProof', {
        params: { id: oldest.id },
        query: { tamano: 'muchas' },
      }),
      400,
    );
    conforms(
      'auditInclusionProof',
      await staffCall(admin, 'auditInclusionProof', {
        params: { id: oldest.id },
        query: { tamano: String(checkpoint.tamano + 1000) },
      }),
      409,
    );
    conforms(
      'auditInclusionProof',
      await staffCall(investigator, 'auditInclusionProof', { params: { id: oldest.id } }),
      403,
    );
    conforms(
      'auditConsistencyProof',
      await staffCall(auditor, 'auditConsistencyProof', {
        query: { desde: '1', hasta: String(checkpoint.tamano) },
      }),
      200,
    );
    conforms(
      'auditConsistencyProof',
      await staffCall(auditor, 'auditConsistencyProof', { query: { desde: '5', hasta: '2' } }),
      400,
    );
    conforms(
      'auditConsistencyProof',
      await staffCall(auditor, 'auditConsistencyProof', {
        query: { desde: '1', hasta: String(checkpoint.tamano + 1000) },
      }),
      409,
    );
    conforms(
      'auditLogLeaves',
      await staffCall(auditor, 'auditLogLeaves', { query: { despues: '0', limite: '2' } }),
      200,
    );
    conforms(
      'auditLogLeaves',
      await staffCall(auditor, 'auditLogLeaves', { query: { limite: '5001' } }),
      400,
    );
    conforms('auditLogLeaves', await staffCall(investigator, 'auditLogLeaves'), 403);
    conforms('failedMails', await staffCall(admin, 'failedMails'), 200);
    conforms('failedMails', await staffCall(investigator, 'failedMails'), 403);
    const rule = { organizacion: HEAD_OFFICE, categoria_id: null, usuario_id: investigator.id };
    const created = conforms(
      'createAlertRule',
      await staffCall(admin, 'createAlertRule', { payload: { ...rule, asignar: false } }),
      201,
    );
    conforms(
      'createAlertRule',
      await staffCall(admin, 'createAlertRule', { payload: { ...rule, asignar: false } }),
      409,
    );
    conforms('createAlertRule', await staffCall(admin, 'createAlertRule'), 400);
    conforms('listAlertRules', await staffCall(admin, 'listAlertRules'), 200);
    conforms('listAlertRules', await staffCall(investigator, 'listAlertRules'), 403);
    conforms('alertCoverage', await staffCall(admin, 'alertCoverage'), 200);
    conforms('alertCoverage', await staffCall(investigator, 'alertCoverage'), 403);
    conforms(
      'updateAlertRule',
      await staffCall(admin, 'updateAlertRule', {
        params: { id: created.id },
        payload: { ...rule, asignar: true },
      }),
      200,
    );
    conforms(
      'updateAlertRule',
      await staffCall(admin, 'updateAlertRule', {
        params: { id: 987654 },
        payload: { ...rule, asignar: true },
      }),
      404,
    );
    conforms(
      'deleteAlertRule',
      await staffCall(admin, 'deleteAlertRule', { params: { id: created.id } }),
      204,
    );
  });

  it('administers master data', async () => {
    const query = { organizacion: HEAD_OFFICE };
    const lists = conforms(
      'getMasterData',
      await staffCall(admin, 'getMasterData', { query }),
      200,
    );
    conforms('getMasterData', await staffCall(investigator, 'getMasterData', { query }), 403);
    conforms('getMasterData', await staffCall(admin, 'getMasterData', { query: {} }), 400);
    const zone = { organizacion: HEAD_OFFICE, lista: 'zonas', nombre: 'Zona de conformidad' };
    const added = conforms(
      'createMasterItem',
      await staffCall(admin, 'createMasterItem', { payload: zone }),
      201,
    );
    conforms(
      'createMasterItem',
      await staffCall(admin, 'createMasterItem', { payload: zone }),
      409,
    );
    conforms('createMasterItem', await staffCall(admin, 'createMasterItem'), 400);
    const id = added.zonas.find((z) => z.nombre === zone.nombre)!.id;
    conforms(
      'updateMasterItem',
      await staffCall(admin, 'updateMasterItem', {
        params: { id },
        payload: { ...zone, nombre: 'Zona de conformidad 2' },
      }),
      200,
    );
    conforms(
      'updateMasterItem',
      await staffCall(admin, 'updateMasterItem', { params: { id: 987654 }, payload: zone }),
      404,
    );
    const retire = { organizacion: HEAD_OFFICE, lista: 'zonas', activo: false };
    conforms(
      'setMasterItemActive',
      await staffCall(admin, 'setMasterItemActive', { params: { id }, payload: retire }),
      200,
    );
    conforms(
      'setMasterItemActive',
      await staffCall(admin, 'setMasterItemActive', {
        params: { id: 27 },
        payload: { ...retire, lista: 'tipos' },
      }),
      409,
    );
    conforms(
      'reorderMasterList',
      await staffCall(admin, 'reorderMasterList', {
        payload: {
          organizacion: HEAD_OFFICE,
          lista: 'relaciones',
          ids: lists.relaciones.map((o) => o.id),
        },
      }),
      200,
    );
    conforms(
      'reorderMasterList',
      await staffCall(admin, 'reorderMasterList', {
        payload: { organizacion: HEAD_OFFICE, lista: 'relaciones', ids: [987654] },
      }),
      400,
    );
  });

  it('counts, exports and reports the half year', async () => {
    const closing = { estado: 'Cerrada', comentario: 'Cerramos el caso.', resolucion: 'Resuelto.' };
    // Legal milestones still open: refused until they are confirmed.
    conforms(
      'changeStatus',
      await staffCall(admin, 'changeStatus', { params: { id: caseId }, payload: closing }),
      409,
    );
    const confirmed = { ...closing, hitos_confirmados: await openMilestoneKeys(admin, caseId) };
    conforms(
      'changeStatus',
      await staffCall(admin, 'changeStatus', { params: { id: caseId }, payload: confirmed }),
      201,
    );
    conforms('statistics', await staffCall(admin, 'statistics'), 200);
    conforms(
      'statistics',
      await staffCall(admin, 'statistics', { query: { desde: '2025-02-01', hasta: '2025-01-01' } }),
      400,
    );
    conforms('exportCasesCsv', await staffCall(admin, 'exportCasesCsv'), 200);
    conforms(
      'exportCasesCsv',
      await staffCall(admin, 'exportCasesCsv', { query: { desde: 'ayer' } }),
      400,
    );
    const year = todayInChile().slice(0, 4);
    const half = Number(todayInChile().slice(5, 7)) <= 6 ? '1' : '2';
    conforms(
      'halfYearReport',
      await staffCall(admin, 'halfYearReport', { query: { anio: year, semestre: half } }),
      200,
    );
    conforms(
      'halfYearReport',
      await staffCall(admin, 'halfYearReport', { query: { anio: year, semestre: '3' } }),
      400,
    );
    conforms(
      'exportHalfYearCsv',
      await staffCall(admin, 'exportHalfYearCsv', { query: { anio: year, semestre: half } }),
      200,
    );
    conforms(
      'exportHalfYearCsv',
      await staffCall(admin, 'exportHalfYearCsv', { query: { anio: '2019', semestre: half } }),
      400,
    );
    conforms(
      'halfYearReport',
      await call(t.app, 'halfYearReport', { query: { anio: year, semestre: half } }),
      401,
    );
  });

  it('reads the privacy notice; keeps the data-protection settings and the breach register', async () => {
    const notice = conforms(
      'privacyNotice',
      await call(t.app, 'privacyNotice', { headers: { 'x-filial': HEAD_OFFICE } }),
      200,
    );
    expect(notice.retencion_anios).toBe(5);
    conforms('privacyNotice', await call(t.app, 'privacyNotice'), 400);
    conforms('getPrivacySettings', await staffCall(admin, 'getPrivacySettings'), 200);
    conforms('getPrivacySettings', await staffCall(investigator, 'getPrivacySettings'), 403);
    const settings = {
      organizacion: HEAD_OFFICE,
      contacto_nombre: 'Encargada de protección de datos',
      contacto_correo: 'datos@empresa.cl',
      retencion_anios: 6,
    };
    conforms(
      'updatePrivacySettings',
      await staffCall(admin, 'updatePrivacySettings', { payload: settings }),
      200,
    );
    conforms(
      'updatePrivacySettings',
      await staffCall(admin, 'updatePrivacySettings', {
        payload: { ...settings, retencion_anios: 0 },
      }),
      400,
    );
    const [row] = await t.db.query<{ case_number: string }>(
      'SELECT case_number FROM complaints WHERE id = $1',
      [caseId],
    );
    const breach = {
      detectada: todayInChile(),
      descripcion: 'Un correo con un archivo adjunto se envió a un destinatario equivocado.',
      organizaciones: [HEAD_OFFICE],
      casos: [row!.case_number],
      datos: ['contacto'],
      riesgo: 'medio',
      evaluacion: 'El destinatario es interno y confirmó que borró el correo.',
    };
    const created = conforms(
      'createBreach',
      await staffCall(admin, 'createBreach', { payload: breach }),
      201,
    );
    conforms('createBreach', await staffCall(admin, 'createBreach', { payload: {} }), 400);
    conforms('listBreaches', await staffCall(admin, 'listBreaches'), 200);
    conforms(
      'updateBreach',
      await staffCall(admin, 'updateBreach', {
        params: { id: created.id },
        payload: { ...breach, aviso_agencia: todayInChile() },
      }),
      200,
    );
    conforms(
      'updateBreach',
      await staffCall(admin, 'updateBreach', { params: { id: 987654 }, payload: breach }),
      404,
    );
    conforms(
      'notifyBreachSubjects',
      await staffCall(admin, 'notifyBreachSubjects', { params: { id: created.id } }),
      200,
    );
    conforms(
      'notifyBreachSubjects',
      await staffCall(admin, 'notifyBreachSubjects', { params: { id: 987654 } }),
      404,
    );
    conforms('exportBreachesCsv', await staffCall(admin, 'exportBreachesCsv'), 200);
    conforms('exportBreachesCsv', await staffCall(auditor, 'exportBreachesCsv'), 403);
  });

  it('asks after closing about retaliation and takes a report (decision 0060)', async () => {
    // The case closed in the half-year test above.
    const report = (relato: string) =>
      call(t.app, 'reportRetaliation', {
        headers: auth,
        payload: { denuncia_id: ticket, relato },
      });
    conforms('reportRetaliation', await report(''), 400);
    conforms('reportRetaliation', await report('Me cambiaron de turno.'), 201);
    const listed = conforms(
      'listRetaliationReports',
      await staffCall(investigator, 'listRetaliationReports'),
      200,
    );
    const id = listed.avisos[0]!.id;
    conforms(
      'attendRetaliationReport',
      await staffCall(auditor, 'attendRetaliationReport', { params: { id } }),
      403,
    );
    conforms(
      'attendRetaliationReport',
      await staffCall(admin, 'attendRetaliationReport', { params: { id } }),
      200,
    );
    conforms(
      'attendRetaliationReport',
      await staffCall(admin, 'attendRetaliationReport', { params: { id } }),
      404,
    );
    conforms('getRetaliationSettings', await staffCall(admin, 'getRetaliationSettings'), 200);
    conforms(
      'getRetaliationSettings',
      await staffCall(investigator, 'getRetaliationSettings'),
      403,
    );
    const days = (dias: number[]) =>
      staffCall(admin, 'updateRetaliationSettings', {
        payload: { organizacion: HEAD_OFFICE, dias },
      });
    conforms('updateRetaliationSettings', await days([30, 90]), 200);
    conforms('updateRetaliationSettings', await days([0]), 400);
  });

  it('lists and saves the notice templates (decision 0070)', async () => {
    conforms('listNoticeTemplates', await staffCall(admin, 'listNoticeTemplates'), 200);
    conforms('listNoticeTemplates', await staffCall(investigator, 'listNoticeTemplates'), 200);
    const template = (texto: string) =>
      staffCall(admin, 'updateNoticeTemplate', {
        payload: { organizacion: HEAD_OFFICE, clave: 'medidas', texto },
      });
    conforms('updateNoticeTemplate', await template('Medidas adoptadas: {numero_caso}.'), 200);
    conforms('updateNoticeTemplate', await template('   '), 400);
    conforms(
      'updateNoticeTemplate',
      await staffCall(investigator, 'updateNoticeTemplate', {
        payload: { organizacion: HEAD_OFFICE, clave: 'medidas', texto: 'x' },
      }),
      403,
    );
  });

  it("issues a transcript, shows it on both sides, and takes the complainant's answer", async () => {
    const created = conforms('createComplaint', await file(t.app, denuncia()), 201);
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      created.ticket,
    ]);
    const signedIn = conforms(
      'login',
      await call(t.app, 'login', {
        headers: headers(),
        payload: { ticket: created.ticket, password: PASSWORD },
      }),
      200,
    );
    const mine = { ...headers(), authorization: `Bearer ${signedIn.token}` };
    const params = { id: row!.id };
    const draft = { texto: 'Relato dicho en la entrevista.', origen: 'verbal' };
    conforms(
      'issueTranscript',
      await staffCall(admin, 'issueTranscript', { params, payload: draft }),
      201,
    );
    conforms('issueTranscript', await staffCall(admin, 'issueTranscript', { params }), 400);
    conforms('viewCaseTranscript', await staffCall(admin, 'viewCaseTranscript', { params }), 200);
    conforms(
      'viewCaseTranscript',
      await staffCall(admin, 'viewCaseTranscript', { params: { id: 999_999 } }),
      404,
    );
    conforms(
      'complaintTranscript',
      await call(t.app, 'complaintTranscript', {
        headers: mine,
        params: { id: String(created.ticket) },
      }),
      200,
    );
    const answer = (payload: unknown) =>
      call(t.app, 'answerTranscript', { headers: mine, payload });
    const accept = { denuncia_id: created.ticket, version: 1, decision: 'acepta' };
    conforms('answerTranscript', await answer(accept), 201);
    conforms('answerTranscript', await answer(accept), 409);
    conforms('answerTranscript', await answer({ ...accept, decision: 'corrige' }), 400);
  });

  it('holds and blocks a case, lifts both, and shows its retention', async () => {
    const params = { id: caseId };
    const motivo = { motivo: 'Demanda laboral RIT O-1-2026' };
    conforms('viewCaseRetention', await staffCall(admin, 'viewCaseRetention', { params }), 200);
    conforms(
      'setLegalHold',
      await staffCall(admin, 'setLegalHold', { params, payload: motivo }),
      200,
    );
    conforms(
      'setLegalHold',
      await staffCall(admin, 'setLegalHold', { params, payload: motivo }),
      409,
    );
    conforms(
      'setLegalHold',
      await staffCall(auditor, 'setLegalHold', { params, payload: motivo }),
      403,
    );
    conforms('liftLegalHold', await staffCall(admin, 'liftLegalHold', { params }), 200);
    conforms('liftLegalHold', await staffCall(admin, 'liftLegalHold', { params }), 409);
    conforms('setCaseBlock', await staffCall(admin, 'setCaseBlock', { params, payload: {} }), 400);
    conforms(
      'setCaseBlock',
      await staffCall(admin, 'setCaseBlock', { params, payload: motivo }),
      200,
    );
    conforms('viewCase', await staffCall(admin, 'viewCase', { params }), 423);
    conforms('liftCaseBlock', await staffCall(admin, 'liftCaseBlock', { params }), 200);
    conforms(
      'viewCaseRetention',
      await staffCall(admin, 'viewCaseRetention', { params: { id: 999_999 } }),
      404,
    );
  });

  it('records a complaint received in person and refuses a bad one', async () => {
    const { denuncia_ticket: _ticket, ...fields } = denuncia();
    conforms(
      'recordComplaint',
      await staffCall(admin, 'recordComplaint', { payload: { ...fields, canal: 'presencial' } }),
      201,
    );
    conforms(
      'recordComplaint',
      await staffCall(admin, 'recordComplaint', { payload: { ...fields, canal: 'fax' } }),
      400,
    );
    conforms(
      'recordComplaint',
      await staffCall(auditor, 'recordComplaint', { payload: { ...fields, canal: 'verbal' } }),
      403,
    );
  });

  it('hands over a new activation and activates with its short code (decision 0075)', async () => {
    const { denuncia_ticket: _ticket, ...fields } = denuncia();
    const receipt = conforms(
      'recordComplaint',
      await staffCall(admin, 'recordComplaint', { payload: { ...fields, canal: 'verbal' } }),
      201,
    );
    const params = { id: receipt.id };
    conforms(
      'reissueActivation',
      await staffCall(admin, 'reissueActivation', { params, payload: {} }),
      400,
    );
    const fresh = conforms(
      'reissueActivation',
      await staffCall(admin, 'reissueActivation', {
        params,
        payload: { identidad_verificada: true },
      }),
      201,
    );
    const activation = (codigo: string) => ({
      numero: receipt.numero,
      codigo_activacion: codigo,
      password: PASSWORD,
      repeatPassword: PASSWORD,
    });
    conforms(
      'activateComplaint',
      await call(t.app, 'activateComplaint', {
        headers: headers(),
        payload: activation(receipt.activacion.codigo),
      }),
      410,
    );
    conforms(
      'activateComplaint',
      await call(t.app, 'activateComplaint', {
        headers: headers(),
        payload: activation(fresh.activacion.codigo),
      }),
      200,
    );
    conforms(
      'activateComplaint',
      await call(t.app, 'activateComplaint', {
        headers: headers(),
        payload: { ...activation(fresh.activacion.codigo), numero: 'CD-1999-99999' },
      }),
      404,
    );
  });

  it('reached every endpoint of the contract with a success answer', () => {
    const missing = endpoints
      .filter((e) => ![...(seen.get(e.name) ?? [])].some((s) => s < 400))
      .map((e) => e.name);
    expect(missing).toEqual([]);
  });
});

describe('the contract covers the app', () => {
  it('has an entry for every route the app registers (but the docs)', () => {
    const registered = routesOf(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => !r.path.startsWith('/v1/docs'))
      // Resumable uploads speak tus 1.0, a protocol of their own (decisions 0055, 0074); their own
      // tests are test/storage/resumable-upload.test.ts and test/back-office/reply-uploads.test.ts.
      .filter((r) => !r.path.startsWith(RESUMABLE_PATH))
      .filter((r) => !r.path.startsWith(CASE_RESUMABLE_PATH))
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const declared = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    const undeclared = registered
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !declared.has(key));
    expect(undeclared).toEqual([]);
    // And the other way: every entry is a route of the app.
    const routes = new Set(registered.map((r) => `${r.method} ${r.path}`));
    expect(endpoints.map((e) => `${e.method} ${e.path}`).filter((k) => !routes.has(k))).toEqual([]);
  });
});

/**
 * The routes of `printRoutes({ commonPrefix: false })`: a tree whose lines read
 * `│   └── /suffix (GET, HEAD)`, each path continuing its parent's (4 columns per level).
 */
function routesOf(tree: string): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?\s*$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${m[2]}`;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean))
      out.push({ method, path });
  }
  return out;
}
