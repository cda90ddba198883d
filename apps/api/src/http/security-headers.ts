import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Browser features no answer of the channel uses, refused on every answer but the pages. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * The pages' policy: the same, but the microphone for the portal's own origin, where the
 * complainant may record a voice message (decision 0063); never for a frame of another origin.
 */
export const PAGE_PERMISSIONS_POLICY =
  'camera=(), microphone=(self), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * The security headers of an API answer, and of one written straight to the socket (Node's own
 * 400/408/431, a body deadline): JSON, which `nosniff` keeps any browser from rendering, so it
 * carries no CSP (a CSP governs documents; decision 0025) and the header set stays small. An API
 * route that sends a file sets DOWNLOAD_CSP (or VIEWER_CSP) itself. `cache-control` is the
 * default; a route may set its own.
 */
export function apiSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'cache-control': 'no-store',
  };
}

/** The CSP of a file an API route sends as a download (attachments, dossier, CSV): inert anywhere. */
export const DOWNLOAD_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/**
 * The CSP of a file opened in the back office's viewer (decision 0019): the document is sandboxed
 * (unique origin, no scripts, forms, popups or top navigation), loads nothing but its own image,
 * and only the channel's own pages may frame it. Chromium's PDF viewer runs under this header;
 * it refuses to run in an `<iframe sandbox>`, so the sandbox comes from here.
 */
export const VIEWER_CSP =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** helmet's options for the portal's pages and files: the CSP the single-page app runs under. */
function pageHelmetOptions(production: boolean, recaptcha: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...(recaptcha ? ['https://www.google.com', 'https://www.gstatic.com'] : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // blob: the voice recorder plays back the MP3 it made, before it is sent (decision 0063).
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        // 'self': the back office's viewer frames a PDF (its answer carries VIEWER_CSP; every
        // other answer of the channel refuses to be framed with frame-ancestors 'none').
        frameSrc: ["'self'", ...(recaptcha ? ['https://www.google.com'] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet gives a page, computed once: helmet builds its CSP string on every call (a
 * sixth of the CPU of a master-data read), and nothing in these directives varies per request.
 */
function pageSecurityHeaders(production: boolean, recaptcha: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let error: unknown;
  helmet(pageHelmetOptions(production, recaptcha))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (err?: unknown) => {
      error = err;
    },
  );
  if (error) throw error;
  return { ...headers, 'permissions-policy': PAGE_PERMISSIONS_POLICY };
}

/**
 * Security headers on every answer, from two sets computed at start: the lean API set (no CSP) on
 * the routes under /v1 (matched by route pattern, so `/%761/…` counts as /v1), the portal's page
 * set (its CSP) on pages, files and everything else.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; recaptcha: boolean; isApiRoute: (r: FastifyRequest) => boolean },
): void {
  const api = apiSecurityHeaders(options.production);
  const page = pageSecurityHeaders(options.production, options.recaptcha);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(options.isApiRoute(request) ? api : page);
    done();
  });
}
