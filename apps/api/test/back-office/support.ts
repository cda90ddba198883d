import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../support/app';
import { createStaffUser } from '../../src/back-office/staff/invitations';
import type { StaffRole } from '../../src/back-office/staff/roles';
import { totpCode, totpStep } from '../../src/back-office/staff/totp';

export const STAFF_PASSWORD = 'Clave segura 2024';

/** A TOTP code computed here from the secret, `offset` steps from now. */
export const codeFor = (secret: string, offset = 0) =>
  totpCode(secret, totpStep(Date.now()) + offset);

/** The cookies a response sets, as a Cookie header, and the CSRF value. */
export function cookiesOf(res: LightMyRequestResponse): { cookie: string; csrf: string } {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const pairs = set.map((c) => c.split(';')[0]!);
  const csrf = pairs.find((p) => p.startsWith('gestion_csrf='))?.split('=')[1] ?? '';
  return { cookie: pairs.join('; '), csrf: decodeURIComponent(csrf) };
}

/** A signed-in staff member: calls carry the cookies and, on writes, the CSRF header. */
export class StaffClient {
  constructor(
    readonly app: FastifyInstance,
    readonly id: number,
    readonly email: string,
    readonly secret: string,
    public cookie: string,
    public csrf: string,
  ) {}

  request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = { cookie: this.cookie, ...extra };
    if (method !== 'GET' && !('x-csrf-token' in extra)) headers['x-csrf-token'] = this.csrf;
    return this.app.inject({
      method,
      url: `/v1/gestion${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown) => this.request('POST', url, payload ?? {});
  put = (url: string, payload?: unknown) => this.request('PUT', url, payload ?? {});
  patch = (url: string, payload?: unknown) => this.request('PATCH', url, payload ?? {});
  del = (url: string) => this.request('DELETE', url);
}

export interface NewStaffOptions {
  email?: string;
  name?: string;
  role?: StaffRole;
  organizations?: string[];
}

let counter = 0;

/** Creates a user through the use case and captures the activation link instead of mailing it. */
export async function invite(t: TestApp, o: NewStaffOptions = {}) {
  counter += 1;
  const email = o.email ?? `persona${counter}.${Date.now()}@empresa.cl`;
  let url = '';
  const id = await createStaffUser(
    t.services,
    null,
    {
      email,
      nombre: o.name ?? `Persona ${counter}`,
      rol: o.role ?? 'investigador',
      organizaciones: o.organizations ?? [],
    },
    async (_tx, link) => {
      url = link;
    },
  );
  return { id, email, token: url.split('#')[1]! };
}

/** Invites and activates through the API: a signed-in client. */
export async function staff(t: TestApp, o: NewStaffOptions = {}): Promise<StaffClient> {
  const { id, email, token } = await invite(t, o);
  const lookup = await t.app.inject({
    method: 'POST',
    url: '/v1/gestion/activacion/consulta',
    payload: { token },
  });
  if (lookup.statusCode !== 200) throw new Error(`consulta: ${lookup.statusCode} ${lookup.body}`);
  const secret = lookup.json().totp.secreto as string;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/gestion/activacion',
    payload: { token, password: STAFF_PASSWORD, codigo: codeFor(secret) },
  });
  if (res.statusCode !== 200) throw new Error(`activación: ${res.statusCode} ${res.body}`);
  const { cookie, csrf } = cookiesOf(res);
  return new StaffClient(t.app, id, email, secret, cookie, csrf);
}

/** Signs in with e-mail, password and a code `offset` steps from now. */
export function signIn(
  app: FastifyInstance,
  email: string,
  code: string,
  password = STAFF_PASSWORD,
) {
  return app.inject({
    method: 'POST',
    url: '/v1/gestion/sesion',
    payload: { email, password, codigo: code },
  });
}
