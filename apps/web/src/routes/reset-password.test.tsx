import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homeApi, renderPage } from '../test/home';

const PATH = '/restablecer-contrasena/abc123token';
const password = () => screen.getByLabelText('Nueva contraseña');
const repeat = () => screen.getByLabelText('Repetir contraseña');
const save = () => screen.getByRole('button', { name: 'Guardar contraseña' });

describe('/restablecer-contrasena/{token}', () => {
  it('checks the new password with the rules and messages of the save modal, on change and blur', async () => {
    const api = homeApi();
    const { user } = renderPage({ path: PATH });
    await user.type(password(), 'abc');
    expect(
      await screen.findByText('* La contraseña debe contener al menos un número.'),
    ).toHaveAttribute('role', 'alert');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(password());
    await user.type(password(), 'ab1');
    expect(
      await screen.findByText('* La contraseña debe contener al menos una letra mayúscula.'),
    ).toBeInTheDocument();
    await user.type(password(), 'A');
    expect(
      await screen.findByText('* La contraseña debe contener al menos un carácter especial.'),
    ).toBeInTheDocument();
    await user.type(password(), '#');
    expect(
      await screen.findByText('* La contraseña no puede tener menos de 6 caracteres.'),
    ).toBeInTheDocument();
    await user.type(password(), 'x');
    await waitFor(() => expect(password()).not.toHaveAttribute('aria-invalid'));
    await user.type(repeat(), 'abc');
    expect(await screen.findByText('* Las contraseñas deben coincidir.')).toBeInTheDocument();
    expect(repeat()).toHaveAccessibleDescription('* Las contraseñas deben coincidir.');
    await user.click(save());
    expect(api.sent('resetPassword')).toEqual([]);
  });

  it('shows the empty message on blur', async () => {
    homeApi();
    const { user } = renderPage({ path: PATH });
    await user.click(password());
    await user.tab();
    expect(await screen.findByText('* Este campo no puede estar vacío.')).toBeInTheDocument();
  });

  it('saves with the token and then offers the way back to the home page to sign in', async () => {
    const api = homeApi();
    const pending = api.hold('resetPassword');
    const { user, router } = renderPage({ path: PATH });
    await user.type(password(), 'Clave#2025');
    await user.type(repeat(), 'Clave#2025');
    await user.click(save());
    await waitFor(() => expect(save()).toBeDisabled());
    await waitFor(() =>
      expect(api.sent('resetPassword')).toContainEqual({
        token: 'abc123token',
        password: 'Clave#2025',
        repeatPassword: 'Clave#2025',
      }),
    );
    pending.release({ message: 'Su contraseña fue actualizada.', ticket: 123456789012 });
    expect(await screen.findByRole('status')).toHaveTextContent('Su contraseña fue actualizada.');
    expect(screen.getByRole('status')).toHaveTextContent('123456789012');
    await user.click(screen.getByRole('link', { name: 'Ir al inicio para consultar su denuncia' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's message for an invalid or expired link", async () => {
    homeApi().fail('resetPassword', 410, 'El enlace no es válido o ya expiró. Solicite uno nuevo.');
    const { user } = renderPage({ path: PATH });
    await user.type(password(), 'Clave#2025');
    await user.type(repeat(), 'Clave#2025');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El enlace no es válido o ya expiró. Solicite uno nuevo.',
    );
    expect(screen.getByRole('link', { name: 'página de inicio' })).toHaveAttribute('href', '/');
  });
});
