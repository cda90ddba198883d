import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInPage } from './SignInPage';
import { AUTOFILL_RENEWAL_MS } from './api/passkeys';
import { ADMIN, renderStaffPage } from '../../test/back-office';
import { fail, ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';
import {
  browserWebAuthn,
  passkeyOffer,
  removeBrowserWebAuthn,
  SIGN_IN_OPTIONS,
} from '../../test/webauthn';

const signIns = (calls: ReturnType<typeof recordRequests>) =>
  callsTo(calls, 'POST', '/v1/gestion/sesion');

const fill = async (code = '123456') => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@empresa.cl');
  await user.type(screen.getByLabelText('Contraseña'), 'Clave segura 2024');
  await user.type(screen.getByLabelText('Código de verificación'), code);
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
};

describe('staff sign-in', () => {
  it('validates the fields in Spanish before calling the server', async () => {
    const calls = recordRequests();
    server.use(staffApi.signIn(ok({ usuario: ADMIN, csrf: 'x' })));
    renderStaffPage(<SignInPage />, {
      path: '/gestion/ingresar',
      route: 'ingresar',
      user: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Debe ingresar el correo.')).toBeInTheDocument();
    expect(screen.getByText('Debe ingresar la contraseña.')).toBeInTheDocument();
    expect(screen.getByText('El código de verificación tiene 6 dígitos.')).toBeInTheDocument();
    expect(screen.getByLabelText('Código de verificación')).toHaveAttribute('aria-invalid', 'true');
    expect(signIns(calls)).toEqual([]);
  });

  it("announces the server's 401 message and clears the code", async () => {
    const message = 'El correo, la contraseña o el código de verificación son incorrectos.';
    const calls = recordRequests();
    server.use(staffApi.signIn(fail(401, message)));
    renderStaffPage(<SignInPage />, {
      path: '/gestion/ingresar',
      route: 'ingresar',
      user: null,
    });
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Código de verificación')).toHaveValue('');
    expect(signIns(calls)[0]!.body).toEqual({
      email: 'ana@empresa.cl',
      password: 'Clave segura 2024',
      codigo: '123456',
    });
  });

  it('shows the throttling message of a 429 and says why', async () => {
    const message = 'Demasiados intentos. Espere unos minutos antes de intentar nuevamente.';
    server.use(staffApi.signIn(fail(429, message)));
    renderStaffPage(<SignInPage />, {
      path: '/gestion/ingresar',
      route: 'ingresar',
      user: null,
    });
    await fill();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent(/bloqueado por unos minutos/);
  });

  it('says the session expired, and after signing in goes back to the page it was on', async () => {
    server.use(staffApi.signIn(ok({ usuario: ADMIN, csrf: 'x' })));
    renderStaffPage(<SignInPage />, {
      path: '/gestion/ingresar',
      route: 'ingresar',
      user: null,
      state: { expired: true, from: '/gestion/casos/7' },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Su sesión expiró o ya no es válida. Ingrese nuevamente.',
    );
    await fill();
    await waitFor(() =>
      expect(screen.getByTestId('ubicacion')).toHaveTextContent('/gestion/casos/7'),
    );
  });
});

describe('single sign-on on the sign-in page', () => {
  it('offers each provider as a link that starts its sign-in', async () => {
    server.use(staffApi.ssoProviders(ok([{ id: 'entra', nombre: 'Microsoft Entra ID' }])));
    renderStaffPage(<SignInPage />, { path: '/gestion/ingresar', route: 'ingresar', user: null });
    const link = await screen.findByRole('link', { name: 'Ingresar con Microsoft Entra ID' });
    expect(link).toHaveAttribute('href', '/v1/gestion/sso/entra/inicio');
  });

  it('says in Spanish why the provider’s return was refused', async () => {
    renderStaffPage(<SignInPage />, {
      path: '/gestion/ingresar?sso=sin-cuenta',
      route: 'ingresar',
      user: null,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Su cuenta institucional aún no tiene acceso a la gestión de casos. Pida a un administrador que le invite con ese correo.',
    );
    expect(screen.queryByRole('link', { name: /Ingresar con/ })).not.toBeInTheDocument();
  });
});

const passkeySignIns = (calls: ReturnType<typeof recordRequests>) =>
  callsTo(calls, 'POST', '/v1/gestion/sesion/llave');
const optionCalls = (calls: ReturnType<typeof recordRequests>) =>
  callsTo(calls, 'POST', '/v1/gestion/sesion/llave/opciones');
const signInPage = () =>
  renderStaffPage(<SignInPage />, {
    path: '/gestion/ingresar',
    route: 'ingresar',
    user: null,
    state: { expired: true, from: '/gestion/casos/7' },
  });

describe('passkeys offered in the e-mail field’s autofill (decision 0076)', () => {
  const consoleErrors = vi.spyOn(console, 'error');
  afterEach(() => {
    // Ending an offer is quiet: nothing on the console (an unhandled rejection fails the run).
    expect(consoleErrors).not.toHaveBeenCalled();
    consoleErrors.mockClear();
    removeBrowserWebAuthn();
    vi.useRealTimers();
  });

  it('marks the field for passkeys and signs in with the one picked there, as with the passkey alone', async () => {
    const { requests } = browserWebAuthn({ autofill: true });
    const calls = recordRequests();
    server.use(
      staffApi.passkeySignInOptions(ok(SIGN_IN_OPTIONS)),
      staffApi.passkeySignIn(ok({ usuario: ADMIN, csrf: 'x' })),
    );
    signInPage();
    const offer = await passkeyOffer(
      () => screen.getByLabelText('Correo electrónico'),
      'username webauthn',
      requests,
    );
    offer.pick();
    await waitFor(() =>
      expect(screen.getByTestId('ubicacion')).toHaveTextContent('/gestion/casos/7'),
    );
    // The answer alone, as «Ingresar con llave de acceso» sends it: the server requires the
    // authenticator's verification of the person and applies single sign-on's rules.
    const body = passkeySignIns(calls)[0]!.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['respuesta']);
    expect(body.respuesta).toMatchObject({ id: 'bGxhdmU', type: 'public-key' });
  });

  it('changes nothing where the browser cannot offer passkeys in the autofill', async () => {
    const { requests, available } = browserWebAuthn({ autofill: false });
    const calls = recordRequests();
    signInPage();
    await waitFor(() => expect(available).toHaveBeenCalled());
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByRole('button', { name: 'Ingresar con llave de acceso' })).toBeEnabled();
    expect(optionCalls(calls)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('ends the offer when the person signs in with password and code, and offers it again after a refusal', async () => {
    const { requests } = browserWebAuthn({ autofill: true });
    const message = 'El correo, la contraseña o el código de verificación son incorrectos.';
    server.use(
      staffApi.passkeySignInOptions(ok(SIGN_IN_OPTIONS)),
      staffApi.signIn(fail(401, message)),
    );
    signInPage();
    await waitFor(() => expect(requests).toHaveLength(1));
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(requests[0]!.options.signal?.aborted).toBe(true);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.options.signal?.aborted).toBe(false);
  });

  it('gives way to «Ingresar con llave de acceso»', async () => {
    const { requests } = browserWebAuthn({ autofill: true });
    server.use(
      staffApi.passkeySignInOptions(ok(SIGN_IN_OPTIONS)),
      staffApi.passkeySignIn(ok({ usuario: ADMIN, csrf: 'x' })),
    );
    signInPage();
    await waitFor(() => expect(requests).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar con llave de acceso' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.options.signal?.aborted).toBe(true);
    expect(requests[1]!.options.mediation).toBeUndefined();
    requests[1]!.pick();
    await waitFor(() =>
      expect(screen.getByTestId('ubicacion')).toHaveTextContent('/gestion/casos/7'),
    );
  });

  it('ends the offer when the page is left', async () => {
    const { requests } = browserWebAuthn({ autofill: true });
    server.use(staffApi.passkeySignInOptions(ok(SIGN_IN_OPTIONS)));
    const { unmount } = signInPage();
    await waitFor(() => expect(requests).toHaveLength(1));
    unmount();
    expect(requests[0]!.options.signal?.aborted).toBe(true);
  });

  it('says why an autofilled passkey was refused and does not offer it again until the next attempt', async () => {
    const { requests } = browserWebAuthn({ autofill: true });
    const calls = recordRequests();
    const message = 'No pudimos verificar su llave de acceso. Intente nuevamente.';
    server.use(
      staffApi.passkeySignInOptions(ok(SIGN_IN_OPTIONS)),
      staffApi.passkeySignIn(fail(401, message)),
    );
    signInPage();
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.pick();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(requests).toHaveLength(1);
    expect(optionCalls(calls)).toHaveLength(1);
    expect(screen.getByTestId('ubicacion')).toHaveTextContent('/gestion/ingresar');
  });

  it('renews the offer before the server’s 5-minute challenge lapses', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { requests } = browserWebAuthn({ autofill: true });
    const calls = recordRequests();
    server.use(staffApi.passkeySignInOptions(ok(SIGN_IN_OPTIONS)));
    signInPage();
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(AUTOFILL_RENEWAL_MS));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(AUTOFILL_RENEWAL_MS).toBeLessThan(5 * 60_000);
    expect(requests[0]!.options.signal?.aborted).toBe(true);
    expect(optionCalls(calls)).toHaveLength(2);
  });
});
