import { MESSAGES } from '@canal/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/client';
import { homeApi, renderPage, testClient, type HomeApi } from '../../test/home';

const codeField = () => screen.getByLabelText('Código de denuncia');
const passwordField = () => screen.getByLabelText('Contraseña');
const submitButton = () => screen.getByRole('button', { name: 'Consultar denuncia' });

async function fillAndSubmit(
  user: ReturnType<typeof renderPage>['user'],
  code = '123456789012',
  password = 'Clave#2024',
) {
  if (code) await user.type(codeField(), code);
  if (password) await user.type(passwordField(), password);
  await user.click(submitButton());
}

describe('Consultar estado de su denuncia', () => {
  it('answers a missing code or password with the browser alert "error!" and calls nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const api = homeApi();
    const { user } = renderPage();
    await user.click(submitButton());
    expect(alert).toHaveBeenCalledWith('error!');
    await fillAndSubmit(user, '123456789012', '');
    expect(alert).toHaveBeenCalledTimes(2);
    await user.clear(codeField());
    await fillAndSubmit(user, '', 'Clave#2024');
    expect(alert).toHaveBeenCalledTimes(3);
    expect(api.sent('login')).toEqual([]);
  });

  it('signs in with the numeric ticket and opens /detalle-denuncia/{ticket}', async () => {
    const api = homeApi();
    const { user, router } = renderPage();
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/detalle-denuncia/123456789012'),
    );
    expect(api.sent('login')).toContainEqual({ ticket: 123456789012, password: 'Clave#2024' });
  });

  it('shows a spinner on the button while signing in', async () => {
    const pending = homeApi().hold('login');
    const { user, router } = renderPage();
    await fillAndSubmit(user);
    expect(await screen.findByTestId('login-spinner')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Consultando su denuncia');
    pending.release();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/detalle-denuncia/123456789012'),
    );
  });

  it.each([
    {
      when: 'a 401',
      answer: (api: HomeApi) => api.fail('login', 401, 'No autorizado'),
      message: 'Código o contraseña incorrecta',
    },
    {
      // Issue 12: not "Código o contraseña incorrecta", which sends a person hunting a typo.
      when: 'no answer from the server',
      answer: (api: HomeApi) => api.failNetwork('login'),
      message: MESSAGES.noConnection,
    },
    {
      when: 'a gateway that cannot reach the API',
      answer: (api: HomeApi) => api.fail('login', 502),
      message: MESSAGES.serviceNotAnswering,
    },
    {
      when: 'another answer with a message',
      answer: (api: HomeApi) => api.fail('login', 429, 'Demasiados intentos.'),
      message: 'Demasiados intentos.',
    },
    {
      when: 'another answer without a message',
      answer: (api: HomeApi) => api.fail('login', 500),
      message: 'Error desconocido',
    },
    {
      when: 'a failure that is not an HTTP error',
      // No answer of the server ends so: the one case staged with a client that throws by itself.
      client: (): ApiClient => ({
        ...testClient(),
        login: async () => {
          throw new Error('x');
        },
      }),
      message: 'Error desconocido',
    },
  ])('on $when shows "$message" in an alert and stays on the page', async (row) => {
    const { message } = row;
    const api = homeApi();
    row.answer?.(api);
    const { user, router } = renderPage(row.client ? { client: row.client() } : {});
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/');
  });

  it('checks the fields with the shared login schema on change and on blur', async () => {
    const api = homeApi();
    const { user } = renderPage();
    await user.type(codeField(), '12a');
    expect(await screen.findByText('* El código debe contener solo números.')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription('* El código debe contener solo números.');
    await user.click(passwordField());
    await user.tab();
    expect(await screen.findByText('* Este campo no puede estar vacío.')).toHaveAttribute(
      'role',
      'alert',
    );
    await user.type(passwordField(), 'x');
    await user.click(submitButton());
    expect(api.sent('login')).toEqual([]);
    await user.clear(codeField());
    await user.type(codeField(), '123');
    await waitFor(() => expect(codeField()).not.toHaveAttribute('aria-invalid'));
  });
});
