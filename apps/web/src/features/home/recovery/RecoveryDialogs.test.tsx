import { MESSAGES } from '@canal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { homeApi, renderPage } from '../../../test/home';

type User = ReturnType<typeof renderPage>['user'];

async function openCodeRecovery(user: User) {
  await user.click(screen.getByRole('button', { name: 'Olvidé el código de mi denuncia' }));
  return screen.findByRole('dialog', { name: 'Recuperar código denuncia' });
}

async function openPasswordRecovery(user: User) {
  await user.click(screen.getByRole('button', { name: 'Olvidé la contraseña de mi denuncia' }));
  return screen.findByRole('dialog', { name: 'Recuperar contraseña denuncia' });
}

describe('Recuperar código denuncia', () => {
  it('asks only for the e-mail, validated with the shared schema', async () => {
    const api = homeApi();
    const { user } = renderPage();
    const dialog = await openCodeRecovery(user);
    const email = within(dialog).getByLabelText('Correo electrónico');
    expect(email).toHaveFocus();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    await user.type(email, 'persona@empresa');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '* Debe ingresar un email válido.',
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar codigo' }));
    expect(api.sent('recoverCode')).toEqual([]);
  });

  it('shows the loading text, then says the code was sent, and "Entendido" closes', async () => {
    const api = homeApi();
    const pending = api.hold('recoverCode');
    const { user } = renderPage();
    const dialog = await openCodeRecovery(user);
    await user.type(within(dialog).getByLabelText('Correo electrónico'), ' persona@empresa.cl ');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar codigo' }));
    expect(
      await within(dialog).findByText('Estamos buscando el código de tu denuncia'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.sent('recoverCode')).toContainEqual({ email: 'persona@empresa.cl' }),
    );
    pending.release({ message: 'ok' });
    // It does not claim a mail went out: the address may have filed nothing.
    expect(await within(dialog).findByText(/corresponde a una denuncia/)).toHaveTextContent(
      'Si el correo persona@empresa.cl corresponde a una denuncia, le enviamos a esa dirección el código de su denuncia.',
    );
    expect(within(dialog).getByRole('status')).not.toHaveTextContent(/^Enviamos/);
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "No se encontró la información." when the request fails, and keeps the form', async () => {
    homeApi().fail('recoverCode', 500);
    const { user } = renderPage();
    const dialog = await openCodeRecovery(user);
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'persona@empresa.cl');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar codigo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^No se encontró la información\.$/,
    );
    expect(within(dialog).getByRole('button', { name: 'Reenviar codigo' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a backdrop click, locks the page scroll while open, and opens clean again', async () => {
    homeApi();
    const { user } = renderPage();
    const dialog = await openCodeRecovery(user);
    expect(document.body).toHaveAttribute('data-scroll-locked');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'x');
    await user.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
    const again = await openCodeRecovery(user);
    expect(within(again).getByLabelText('Correo electrónico')).toHaveValue('');
  });
});

describe('Recuperar contraseña denuncia', () => {
  it('requires the code and the e-mail', async () => {
    const api = homeApi();
    const { user } = renderPage();
    const dialog = await openPasswordRecovery(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar contraseña' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      '* Este campo no puede estar vacío.',
      '* Este campo no puede estar vacío.',
    ]);
    expect(api.sent('recoverPassword')).toEqual([]);
  });

  it('sends the code as an integer, shows the loading text, then says a link was sent', async () => {
    const api = homeApi();
    const pending = api.hold('recoverPassword');
    const { user } = renderPage();
    const dialog = await openPasswordRecovery(user);
    await user.type(within(dialog).getByLabelText('Código de denuncia'), '123456789012');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'persona@empresa.cl');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar contraseña' }));
    expect(
      await within(dialog).findByText('Estamos buscando la contraseña de tu denuncia'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.sent('recoverPassword')).toContainEqual({
        codigo: 123456789012,
        email: 'persona@empresa.cl',
      }),
    );
    pending.release({ message: 'ok' });
    expect(
      await within(dialog).findByText(/un enlace para crear una nueva contraseña/),
    ).toHaveTextContent(
      'Enviamos al correo persona@empresa.cl un enlace para crear una nueva contraseña.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "El correo y/o el código son incorrectos." when the pair does not match', async () => {
    homeApi().fail('recoverPassword', 404, 'El correo y/o el código son incorrectos.');
    const { user } = renderPage();
    const dialog = await openPasswordRecovery(user);
    await user.type(within(dialog).getByLabelText('Código de denuncia'), '123456789012');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'otra@empresa.cl');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar contraseña' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^El correo y\/o el código son incorrectos\.$/,
    );
  });

  it('says the service cannot be reached, not that the pair is wrong, when the API is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    homeApi().failNetwork('recoverPassword');
    const { user } = renderPage();
    const dialog = await openPasswordRecovery(user);
    await user.type(within(dialog).getByLabelText('Código de denuncia'), '123456789012');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'otra@empresa.cl');
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar contraseña' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.noConnection);
    expect(alert).not.toHaveTextContent('incorrectos');
    // What was typed is still there to send again.
    expect(within(dialog).getByLabelText('Correo electrónico')).toHaveValue('otra@empresa.cl');
  });

  it('closes on a backdrop click and gives the focus back to its link', async () => {
    homeApi();
    const { user } = renderPage();
    await openPasswordRecovery(user);
    expect(document.body).toHaveAttribute('data-scroll-locked');
    await user.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Olvidé la contraseña de mi denuncia' }),
      ).toHaveFocus(),
    );
  });
});
