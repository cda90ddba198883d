import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignInPage } from './SignInPage';
import { ADMIN, renderStaffPage } from '../../test/back-office';
import { fail, ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';

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
