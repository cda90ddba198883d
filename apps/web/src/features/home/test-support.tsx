// Test helpers of the home and reset-password pages: a stub API client and the page in a memory router.
import { renderPortal } from '../../test/render-portal';
import { HEAD_OFFICE, type Organization } from '@canal/shared';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, vi } from 'vitest';
import { HttpError } from '../api/http';
import { HomeRoute } from '../../routes/home';
import { ResetPasswordRoute } from '../../routes/reset-password';

// The setup file unmounts after each test; the spies on window.alert and console go back too.
afterEach(() => {
  vi.restoreAllMocks();
});

export function stubApi() {
  return {
    login: vi.fn(async (_ticket: number, _password: string) => undefined),
    recoverCode: vi.fn(async (_email: string) => ({ message: 'ok' })),
    recoverPassword: vi.fn(async (_codigo: number, _email: string) => ({ message: 'ok' })),
    resetPassword: vi.fn(async (_token: string, _password: string, _repeat: string) => ({ message: 'ok', ticket: 123456789012 })),
  };
}
export type StubApi = ReturnType<typeof stubApi>;

/** An answer of the server with `status` (and its `message`, when given). */
export const httpError = (status: number, message: string | null = null) => new HttpError('http', status, '/v1/x', message);
/** A call that got no answer at all. */
export const networkError = () => new HttpError('network', 502, '/v1/x');

/** A promise the test settles itself, to look at a loading state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function DetailStub() {
  return <h1>Detalle de la denuncia {useParams().id}</h1>;
}

export function renderPage(
  api: StubApi,
  { path = '/', organization = HEAD_OFFICE }: { path?: string; organization?: Organization } = {},
) {
  const user = userEvent.setup();
  const view = renderPortal(
    [
      { path: '/', element: <HomeRoute /> },
      { path: '/ingresar-denuncia', element: <h1>Nueva denuncia</h1> },
      { path: '/detalle-denuncia/:id', element: <DetailStub /> },
      { path: '/restablecer-contrasena/:token', element: <ResetPasswordRoute /> },
    ],
    { path, api, organization },
  );
  return { ...view, user };
}
