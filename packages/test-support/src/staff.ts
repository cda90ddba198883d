import {
  STAFF_CSRF_HEADER,
  contract,
  type Endpoint,
  type RequestParts,
} from '@canal/shared/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createStaffUser, totpCode, totpStep, type StaffRole } from '@canal/api/testing';
import { callApi } from './api';
import type { TestApp } from './app';

export const STAFF_PASSWORD = 'Clave segura 2024';

/**
 * Makes every SSO session of `userId` due for its re-check (decision 0058: past
 * `OIDC_RECHECK_MINUTES`, 5), so its next request reads the provider's claims again.
 */
export async function makeSsoRecheckDue(t: TestApp, userId: number): Promise<void> {
  await t.db.query(
    `UPDATE staff_sessions SET oidc_checked_at = now() - interval '6 minutes' WHERE user_id = $1`,
    [userId],
  );
}

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

  /**
   * Calls `endpoint` of the contract as this person. `headers` add to (or, for `x-csrf-token`,
   * replace) the session's own.
   */
  call<E extends Endpoint>(endpoint: E, parts: RequestParts<E>) {
    const headers: Record<string, string | undefined> = { cookie: this.cookie };
    if (endpoint.method !== 'GET') headers[STAFF_CSRF_HEADER] = this.csrf;
    return callApi(this.app, endpoint, {
      ...parts,
      headers: { ...headers, ...parts.headers },
    } as RequestParts<E>);
  }

  /** GETs a link the API answered (a file's `url`), with the session's cookies. */
  follow(url: string) {
    return this.app.inject({ method: 'GET', url, headers: { cookie: this.cookie } });
  }
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
  const lookup = await callApi(t.app, contract.lookupInvitation, { body: { token } });
  if (lookup.statusCode !== 200) throw new Error(`consulta: ${lookup.statusCode} ${lookup.body}`);
  const secret = lookup.json().totp.secreto as string;
  const res = await callApi(t.app, contract.activate, {
    body: { token, password: STAFF_PASSWORD, codigo: codeFor(secret) },
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
  return callApi(app, contract.signIn, { body: { email, password, codigo: code } });
}

/**
 * The keys of the legal milestones a closing would leave open, read from the case view as the
 * case page reads them: every milestone not done but the one the closing records.
 */
export async function openMilestoneKeys(client: StaffClient, id: number): Promise<string[]> {
  const view = (await client.call(contract.viewCase, { params: { id } })).json();
  return (view.hitos as { clave: string; estado: string; registra_cierre: boolean }[])
    .filter((h) => h.estado !== 'done' && !h.registra_cierre)
    .map((h) => h.clave);
}

/** Closes the case confirming the milestones it leaves open, as the confirmation dialog does. */
export async function closeCase(
  client: StaffClient,
  id: number,
  body: { comentario: string; resolucion: string },
) {
  return client.call(contract.changeStatus, {
    params: { id },
    body: { estado: 'Cerrada', ...body, hitos_confirmados: await openMilestoneKeys(client, id) },
  });
}
