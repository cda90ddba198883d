import { HEAD_OFFICE, type ComplaintStatus } from '@canal/shared';
import {
  STAFF_CSRF_HEADER,
  buildRequest,
  contract,
  type BuiltRequest,
  type Endpoint,
  type RequestParts,
  type SuccessOf,
} from '@canal/shared/contract';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { totp } from './totp';

/**
 * A member of staff using the back-office API (/v1/gestion) from the test, the way its own client
 * would: session cookie plus the CSRF double submit. Every call is an entry of the shared contract,
 * built by the same `buildRequest` the web client uses; only the transport is the test's own (fetch,
 * or a browser context's request API that shares the signed-in page's cookies). The administrator
 * was created by the CLI in global-setup; `activate` sets a password and enrols TOTP with a code
 * computed here (RFC 6238).
 */

export const STAFF_PASSWORD = 'Gestion segura 2024';

/** What a transport gives back: enough to read a JSON answer or report a failure. */
interface Received {
  status: number;
  text: string;
  setCookies: string[];
}
type Transport = (request: BuiltRequest) => Promise<Received>;

const viaFetch: Transport = async ({ method, url, headers, body }) => {
  const res = await fetch(url, { method, headers, body });
  return { status: res.status, text: await res.text(), setCookies: res.headers.getSetCookie() };
};

/** The request API of a browser context: the cookies of the pages signed in there travel along. */
const viaBrowser =
  (page: Page): Transport =>
  async ({ method, url, headers, body }) => {
    const res = await page.context().request.fetch(url, {
      method,
      headers,
      ...(body === undefined ? {} : { data: body as string }),
    });
    return { status: res.status(), text: await res.text(), setCookies: [] };
  };

/** One call of the contract through `transport`; a non-2xx answer throws with its status and body. */
async function callThrough<E extends Endpoint>(
  transport: Transport,
  base: string,
  endpoint: E,
  parts: RequestParts<E>,
): Promise<{ body: SuccessOf<E>; setCookies: string[] }> {
  const request = buildRequest(endpoint, parts, { base });
  const res = await transport(request);
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${request.method} ${request.url}: ${res.status} ${res.text}`);
  return {
    body: (res.text ? JSON.parse(res.text) : undefined) as SuccessOf<E>,
    setCookies: res.setCookies,
  };
}

export class BackOffice {
  private constructor(
    private readonly transport: Transport,
    private readonly base: string,
    private readonly cookie: string | undefined,
    private readonly csrf: string | undefined,
    /** The TOTP secret enrolled at activation (for a later sign-in in the browser). */
    readonly totpSecret: string | undefined = undefined,
  ) {}

  /** Activates the administrator created in global-setup (once per run) and signs in. */
  static activate(): Promise<BackOffice> {
    return BackOffice.activateWith(inject('staffActivationToken'));
  }

  /**
   * Activates the account of an activation token (an invitation) and signs in, on `base`'s API,
   * with the code `codeStep` steps from now (the server refuses a step already used: a spec that
   * signs in again later activates with the previous step, within the ±1 window).
   */
  static async activateWith(
    token: string,
    base = inject('baseUrl'),
    codeStep = 0,
  ): Promise<BackOffice> {
    const lookup = await callThrough(viaFetch, base, contract.lookupInvitation, {
      body: { token },
    });
    const secret = lookup.body.totp.secreto;
    const activation = await callThrough(viaFetch, base, contract.activate, {
      body: {
        token,
        password: STAFF_PASSWORD,
        codigo: totp(secret, Date.now() + codeStep * 30_000),
      },
    });
    const cookie = activation.setCookies.map((c) => c.split(';')[0]).join('; ');
    return new BackOffice(viaFetch, base, cookie, activation.body.csrf, secret);
  }

  /**
   * The person signed in on `page` (reads only: the CSRF value stays in the page), calling the API
   * of the origin the page is on.
   */
  static signedInOn(page: Page): BackOffice {
    return new BackOffice(viaBrowser(page), new URL(page.url()).origin, undefined, undefined);
  }

  /** The session's cookies (name and value), for a browser context to use them. */
  cookies(): { name: string; value: string }[] {
    return (this.cookie ?? '')
      .split('; ')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1) };
      });
  }

  async call<E extends Endpoint>(endpoint: E, parts: RequestParts<E>): Promise<SuccessOf<E>> {
    const headers: Record<string, string | undefined> = { ...parts.headers, cookie: this.cookie };
    if (endpoint.method !== 'GET') headers[STAFF_CSRF_HEADER] = this.csrf;
    return (
      await callThrough(this.transport, this.base, endpoint, {
        ...parts,
        headers,
      } as RequestParts<E>)
    ).body;
  }

  /**
   * Staff never see the complainant's ticket code: the case is found in the inbox by its facts
   * (a unique description), newest first.
   */
  async findCaseByDescription(marker: string): Promise<{ id: number; numero: string }> {
    const { casos } = await this.call(contract.inbox, { querystring: { limite: 100 } });
    for (const { id } of casos.sort((a, b) => b.id - a.id)) {
      const view = await this.call(contract.viewCase, { params: { id } });
      if (view.denuncia.descripcion_hecho.includes(marker)) return { id, numero: view.caso.numero };
    }
    throw new Error(`no hay un caso con «${marker}» en la bandeja`);
  }

  /** A case's file as staff download it (the copy without metadata), its bytes. */
  async download(caseId: number, fileId: string): Promise<Buffer> {
    const request = buildRequest(
      contract.downloadCaseFile,
      { params: { id: caseId, fileId }, headers: { cookie: this.cookie } },
      { base: this.base },
    );
    const res = await fetch(request.url, { headers: request.headers as Record<string, string> });
    if (res.status !== 200) throw new Error(`${request.url}: ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /**
   * Records an anonymous complaint received verbally at the head office (the intake), with
   * `relato` as its account; its receipt (the case's id among others).
   */
  recordVerbalComplaint(relato: string) {
    return this.call(contract.recordComplaint, {
      body: {
        canal: 'verbal',
        email_contacto: '',
        campo_reconoce_involucrados_id: 1,
        campo_toma_conocimiento_id: 2,
        es_anonima: true,
        fecha_delito: '15/03/2024',
        filial: HEAD_OFFICE.id,
        otro_lugar: '',
        relacion_organizacion_id: 1,
        relato,
        tipo_delito_id: 1,
        zona_id: 13,
        agencia_id: 1131,
      } as never,
    });
  }

  changeStatus(caseId: number, estado: ComplaintStatus, comentario: string) {
    return this.call(contract.changeStatus, {
      params: { id: caseId },
      body: { estado, comentario },
    });
  }
}
