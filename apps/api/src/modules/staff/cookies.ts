import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie: httpOnly, sent only to the back-office API. */
export const SESSION_COOKIE = 'gestion_sesion';
/** The CSRF cookie: readable by the back-office page, which echoes it in `x-csrf-token`. */
export const CSRF_COOKIE = 'gestion_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SESSION_PATH = '/v1/gestion';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

interface CookieOptions {
  httpOnly: boolean;
  path: string;
  secure: boolean;
  maxAgeSeconds: number;
}

function serialize(name: string, value: string, o: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${o.path}`,
    `Max-Age=${o.maxAgeSeconds}`,
    'SameSite=Strict',
    ...(o.httpOnly ? ['HttpOnly'] : []),
    ...(o.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Sets both cookies; they live at most as long as the session may (its absolute limit). */
export function setSessionCookies(reply: FastifyReply, token: string, csrf: string, secure: boolean, maxAgeSeconds: number) {
  reply.header('set-cookie', [
    serialize(SESSION_COOKIE, token, { httpOnly: true, path: SESSION_PATH, secure, maxAgeSeconds }),
    serialize(CSRF_COOKIE, csrf, { httpOnly: false, path: '/', secure, maxAgeSeconds }),
  ]);
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.header('set-cookie', [
    serialize(SESSION_COOKIE, '', { httpOnly: true, path: SESSION_PATH, secure, maxAgeSeconds: 0 }),
    serialize(CSRF_COOKIE, '', { httpOnly: false, path: '/', secure, maxAgeSeconds: 0 }),
  ]);
}
