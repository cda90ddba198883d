import { http } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_NOTICE_TEMPLATES, NOTICE_TEMPLATE_KINDS, ORGANIZATIONS } from '@canal/shared';
import { ok, staffApi } from './back-office';
import { portalApi } from './portal';

/**
 * The one MSW server of the web tests (started in src/test/setup.ts). A test adds the handlers of
 * its area with `server.use(...)` (src/test/msw/<area>.ts); they are reset after each test (to the
 * defaults below), and a request no handler answers fails the call.
 */
export const server = setupServer(
  // Every case page asks for its retention (Law 21.719): an open case, no hold, no block, unless a
  // test answers otherwise.
  staffApi.caseRetention(ok({ eliminado: null, conservacion: null, bloqueo: null, vence: null })),
  // The sign-in page asks which single sign-on providers there are: none unless a test says so.
  staffApi.ssoProviders(ok([])),
  // The inbox lists the reports of retaliation after closing (decision 0060), and the
  // data-protection page the check-in days: none, unless a test answers otherwise.
  staffApi.retaliationReports(ok({ avisos: [] })),
  staffApi.retaliationSettings(ok({ organizaciones: [] })),
  // The milestone and reply forms start from the organisation's notice templates (decision
  // 0070): the default texts everywhere, unless a test answers otherwise.
  staffApi.noticeTemplates(
    ok({
      plantillas: ORGANIZATIONS.flatMap((o) =>
        NOTICE_TEMPLATE_KINDS.map((clave) => ({
          organizacion: o.id,
          clave,
          texto: DEFAULT_NOTICE_TEMPLATES[clave],
          actualizado: null,
        })),
      ),
    }),
  ),
  // Every case page and every complaint's detail asks for its transcript (decision 0064): none,
  // unless a test answers otherwise.
  staffApi.caseTranscript(ok({ versiones: [], aceptada: null })),
  // «Mis sesiones» lists the person's passkeys and "Usuarios" shows the sign-in policy (decision
  // 0076): none, and not required, unless a test answers otherwise.
  staffApi.myPasskeys(ok([])),
  staffApi.securityPolicy(ok({ llaves_obligatorias_administradores: false })),
  portalApi.transcript(ok({ versiones: [], aceptada: null })),
);

/** A request as the API received it: method, path with query, headers and the parsed JSON body. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Every request the page sends from now until the end of the test, in order (read from the
 * requests MSW sees, so it also counts calls that no handler answers).
 */
export function recordRequests(): ReceivedRequest[] {
  const received: ReceivedRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const entry: ReceivedRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: Object.fromEntries(request.headers.entries()),
      body: undefined,
    };
    received.push(entry);
    const type = request.headers.get('content-type') ?? '';
    if (type.includes('application/json'))
      void request
        .clone()
        .json()
        .then((json: unknown) => (entry.body = json))
        .catch(() => undefined);
  };
  server.events.on('request:start', listener);
  return received;
}

/** The requests of `method` to exactly `path` (its query aside), in order. */
export const callsTo = (received: ReceivedRequest[], method: string, path: string) =>
  received.filter((r) => r.method === method && r.path.split('?')[0] === path);

/** The query of a request as a plain object (every value a string, as it travels). */
export const queryOf = (request: ReceivedRequest | undefined): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(request?.path.split('?')[1] ?? ''));

/**
 * Holds the requests of `method` to `path` until `release()`; then the handlers installed before
 * this one answer them (a resolver that returns nothing lets MSW go on to the next handler). For a
 * test that looks at a page while a call is on its way.
 */
export function hold(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http[method](path, async () => {
      await gate;
    }),
  );
  return { release };
}
