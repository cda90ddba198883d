import { inject } from 'vitest';
import { totp } from './totp';

/**
 * A member of staff using the back-office API (/v1/gestion) from the test, the way its own client
 * would: session cookie plus the CSRF double submit. The administrator was created by the CLI in
 * global-setup; `activate` sets a password and enrols TOTP with a code computed here (RFC 6238).
 */

export const STAFF_PASSWORD = 'Gestion segura 2024';

export class BackOffice {
  private constructor(
    private readonly cookie: string,
    private readonly csrf: string,
  ) {}

  /** Activates the administrator created in global-setup (once per run) and signs in. */
  static async activate(): Promise<BackOffice> {
    const base = inject('baseUrl');
    const token = inject('staffActivationToken');
    const json = { 'content-type': 'application/json' };
    const lookup = await fetch(`${base}/v1/gestion/activacion/consulta`, { method: 'POST', headers: json, body: JSON.stringify({ token }) });
    if (!lookup.ok) throw new Error(`consulta de activación: ${lookup.status} ${await lookup.text()}`);
    const secret = ((await lookup.json()) as { totp: { secreto: string } }).totp.secreto;
    const res = await fetch(`${base}/v1/gestion/activacion`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token, password: STAFF_PASSWORD, codigo: totp(secret) }),
    });
    if (!res.ok) throw new Error(`activación: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrf } = (await res.json()) as { csrf: string };
    return new BackOffice(cookie, csrf);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${inject('baseUrl')}/v1/gestion${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /**
   * Staff never see the complainant's ticket code: the case is found in the inbox by its facts
   * (a unique description), newest first.
   */
  async findCaseByDescription(marker: string): Promise<number> {
    const { casos } = await this.call<{ casos: { id: number }[] }>('GET', '/casos?limite=100');
    for (const { id } of casos.sort((a, b) => b.id - a.id)) {
      const view = await this.call<{ denuncia: { descripcion_hecho: string } }>('GET', `/casos/${id}`);
      if (view.denuncia.descripcion_hecho.includes(marker)) return id;
    }
    throw new Error(`no hay un caso con «${marker}» en la bandeja`);
  }

  changeStatus(caseId: number, estado: string, comentario: string) {
    return this.call<{ message: string }>('POST', `/casos/${caseId}/estado`, { estado, comentario });
  }
}
