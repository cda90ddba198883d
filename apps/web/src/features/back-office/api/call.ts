// How every back-office module calls the API: one entry of the shared contract (method, path,
// request and answer types) through `buildRequest`, with the session's CSRF value on writes and a
// lapsed session signed in again in place. The endpoint modules beside this file (one per endpoint
// or small family) hold the call, its query key and hook, and the mappers both ways; screens read
// and write their front (English) names only.
import {
  STAFF_CSRF_COOKIE,
  STAFF_CSRF_HEADER,
  buildRequest,
  type Endpoint,
  type RequestParts,
  type SuccessOf,
} from '@canal/shared/contract';
import type { StaffRole } from '@canal/shared';
import { UPLOAD_TIMEOUT_MS } from '../../../lib/api/client';
import { HttpError, send } from '../../../lib/api/http';

export const CSRF_COOKIE = STAFF_CSRF_COOKIE;

/** The CSRF double-submit value: the page reads its cookie and echoes it in `x-csrf-token` on writes. */
export function readCsrfCookie(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === CSRF_COOKIE) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export interface StaffApiOptions {
  /**
   * A call made with a session answered 401: the session lapsed (30 idle minutes, 8 hours) or was
   * ended elsewhere. Resolves true once the person signed in again — the same call is then sent
   * again, with the new session's CSRF value, so nothing typed is lost — or false when they did
   * not (the call fails with its 401).
   */
  signInAgain?: () => Promise<boolean>;
}

/** `session: false`: a call made without a session (sign-in, activation, public master data). */
export interface CallOptions {
  session?: boolean;
}

export interface StaffCall {
  <E extends Endpoint>(
    endpoint: E,
    parts: RequestParts<E>,
    options?: CallOptions,
  ): Promise<SuccessOf<E>>;
  /**
   * The same sign-in again, for a request sent outside `call` that met a lapsed session: a reply's
   * files over tus (decision 0080). One dialog however many ask; false when there is none.
   */
  signInAgain(): Promise<boolean>;
}

/** The staff client: one function that sends any contract entry. Cookies travel by themselves. */
export function createStaffApi({ signInAgain }: StaffApiOptions = {}): StaffCall {
  async function call<E extends Endpoint>(
    endpoint: E,
    parts: RequestParts<E>,
    { session = true }: CallOptions = {},
  ): Promise<SuccessOf<E>> {
    for (;;) {
      const headers: Record<string, string> = { accept: 'application/json', ...parts.headers };
      if (endpoint.method !== 'GET') {
        const csrf = readCsrfCookie();
        if (csrf) headers[STAFF_CSRF_HEADER] = csrf;
      }
      const request = buildRequest(endpoint, { ...parts, headers } as RequestParts<E>);
      try {
        // A multipart call (a reply with files) gets the portal's long upload timeout.
        const timeoutMs = request.body instanceof FormData ? UPLOAD_TIMEOUT_MS : undefined;
        return (await send({ ...request, timeoutMs })).body as SuccessOf<E>;
      } catch (error) {
        // A 401 on a call made with a session means the session is gone; sign-in's own 401 is a
        // wrong credential. A 401 comes from the guard, before anything was done: sending the
        // same call again after signing in does it once.
        const lapsed = session && error instanceof HttpError && error.status === 401;
        if (!lapsed || !signInAgain || !(await signInAgain())) throw error;
      }
    }
  }
  return Object.assign(call, {
    signInAgain: () => signInAgain?.() ?? Promise.resolve(false),
  });
}

export type StaffApi = StaffCall;

/** Whether a person of `role` may make the call: the roles its contract entry names (or any). */
export const mayCall = (endpoint: Endpoint, role: StaffRole) =>
  typeof endpoint.access !== 'object' || endpoint.access.roles.includes(role);

/** Options of a call made without a session. */
export const anonymous: CallOptions = { session: false };

/** The message a person reads for a failed call: the server's own, or a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'timeout')
      return 'El servidor tardó demasiado en responder. Intente nuevamente.';
    if (error.kind === 'network')
      return 'No pudimos conectar con el servidor. Revise su conexión e intente nuevamente.';
  }
  return 'Ocurrió un error inesperado. Intente nuevamente.';
}
