import type { FastifyReply, FastifyRequest } from 'fastify';

// Cookies are parsed and serialised by @fastify/cookie (registered on the back-office routes).

/** The session cookie: httpOnly, sent only to the back-office API. */
export const SESSION_COOKIE = 'gestion_sesion';
/** The CSRF cookie: readable by the back-office page, which echoes it in `x-csrf-token`. */
export const CSRF_COOKIE = 'gestion_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SESSION_PATH = '/v1/gestion';

export const readCookie = (request: FastifyRequest, name: string): string | undefined =>
  request.cookies[name];

function setBoth(
  reply: FastifyReply,
  token: string,
  csrf: string,
  secure: boolean,
  maxAge: number,
) {
  const common = { sameSite: 'strict', secure, maxAge } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true, path: SESSION_PATH });
  reply.setCookie(CSRF_COOKIE, csrf, { ...common, httpOnly: false, path: '/' });
}

/** Sets both cookies; they live at most as long as the session may (its absolute limit). */
export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  csrf: string,
  secure: boolean,
  maxAgeSeconds: number,
) {
  setBoth(reply, token, csrf, secure, maxAgeSeconds);
}

/** Empties both cookies (Max-Age=0, the same attributes otherwise). */
export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  setBoth(reply, '', '', secure, 0);
}
