// Test helpers of the home, reset-password and activation pages: the portal API answered by MSW, and the page
// in a memory router with the real API client.
import { renderPortal } from './render-portal';
import { HEAD_OFFICE, type Organization } from '@canal/shared';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useParams } from 'react-router';
import { afterEach, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../lib/api/client';
import { sessionStore } from '../lib/api/session';
import { HomeRoute } from '../routes/home';
import { ResetPasswordRoute } from '../routes/reset-password';
import { ActivateComplaintRoute } from '../routes/activate-complaint';
import type { Answer } from './msw/answers';
import { callsTo, recordRequests, server } from './msw/server';

// The setup file unmounts after each test; the spies on window.alert and console go back too, and
// a session a sign-in stored does not reach the next test.
afterEach(() => {
  vi.restoreAllMocks();
  sessionStore.clear();
});

/** The calls of the home, reset-password and activation pages, and the path each one posts to. */
const PATHS = {
  login: '/v1/denuncias/login',
  recoverCode: '/v1/denuncias/codigo',
  recoverPassword: '/v1/denuncias/recuperar-password',
  resetPassword: '/v1/denuncias/restablecer-password',
  activateComplaint: '/v1/denuncias/activar',
} as const;
export type HomeCall = keyof typeof PATHS;

/** What the server does with a call: answer (a status and a JSON body) or drop the connection. */
type Outcome = Answer | 'network';

const DEFAULTS: Record<HomeCall, Outcome> = {
  login: { status: 200, body: { token: 'sesion' } },
  recoverCode: { status: 200, body: { message: 'ok' } },
  recoverPassword: { status: 200, body: { message: 'ok' } },
  resetPassword: { status: 200, body: { message: 'ok', ticket: 123456789012 } },
  activateComplaint: { status: 200, body: { message: 'ok', ticket: 123456789012 } },
};

/**
 * The portal API of these pages, answered by MSW: every call succeeds unless the test says
 * otherwise. `sent(call)` lists the JSON bodies the page posted; `fail` sets an error answer;
 * `hold` keeps the next answers back until the test releases them (to look at a loading state).
 */
export function homeApi() {
  const received = recordRequests();
  const outcomes: Record<HomeCall, Outcome> = { ...DEFAULTS };
  const gates: Partial<Record<HomeCall, Promise<void>>> = {};
  server.use(
    ...(Object.keys(PATHS) as HomeCall[]).map((call) =>
      http.post(PATHS[call], async () => {
        await gates[call];
        const outcome = outcomes[call];
        if (outcome === 'network') return HttpResponse.error();
        return HttpResponse.json(outcome.body, { status: outcome.status });
      }),
    ),
  );
  return {
    sent: (call: HomeCall) => callsTo(received, 'POST', PATHS[call]).map((r) => r.body),
    /** An answer of the server with `status` (and its `message`, when given). */
    fail(call: HomeCall, status: number, message?: string) {
      outcomes[call] = { status, body: message === undefined ? {} : { message } };
    },
    /** A call that gets no answer at all. */
    failNetwork(call: HomeCall) {
      outcomes[call] = 'network';
    },
    /** Holds the answers to `call` until `release(body)` (the default answer when none given). */
    hold(call: HomeCall) {
      let open!: () => void;
      gates[call] = new Promise<void>((resolve) => (open = resolve));
      return {
        release(body?: Answer['body']) {
          if (body !== undefined) outcomes[call] = { status: 200, body };
          open();
        },
      };
    },
  };
}
export type HomeApi = ReturnType<typeof homeApi>;

/** The real portal client, with a fixed bot-check token (the ALTCHA worker does not run in jsdom). */
export const testClient = (organization: Organization = HEAD_OFFICE): ApiClient =>
  createApiClient({ organizationId: organization.id, botTokens: { next: async () => 'token' } });

function DetailStub() {
  return <h1>Detalle de la denuncia {useParams().id}</h1>;
}

export function renderPage({
  path = '/',
  organization = HEAD_OFFICE,
  client = testClient(organization),
}: { path?: string; organization?: Organization; client?: ApiClient } = {}) {
  const user = userEvent.setup();
  const view = renderPortal(
    [
      { path: '/', element: <HomeRoute /> },
      { path: '/ingresar-denuncia', element: <h1>Nueva denuncia</h1> },
      { path: '/detalle-denuncia/:id', element: <DetailStub /> },
      { path: '/restablecer-contrasena/:token', element: <ResetPasswordRoute /> },
      { path: '/activar-denuncia', element: <ActivateComplaintRoute /> },
    ],
    { path, api: client, organization },
  );
  return { ...view, user };
}
