import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homeApi, renderPage } from '../../test/home';
import { TERMS_ACCEPTED } from '../../config/paths';

// `hidden`: while a dialog is open, Radix hides the rest of the page from assistive technology.
const termsCheckbox = () =>
  screen.getByRole('checkbox', {
    name: 'He leído y acepto los términos y condiciones',
    hidden: true,
  });
const enterButton = () => screen.getByRole('button', { name: 'Ingresar denuncia' });

describe('Ingresar nueva denuncia', () => {
  it('keeps "Ingresar denuncia" disabled until the terms are accepted', () => {
    homeApi();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Ingresar nueva denuncia' })).toBeInTheDocument();
    expect(termsCheckbox()).not.toBeChecked();
    expect(enterButton()).toBeDisabled();
  });

  it('opens the terms dialog with both lists when the checkbox is clicked, without ticking it', async () => {
    homeApi();
    const { user } = renderPage();
    await user.click(termsCheckbox());
    const dialog = await screen.findByRole('dialog', { name: 'Términos y condiciones' });
    expect(termsCheckbox()).not.toBeChecked();
    const lists = within(dialog).getAllByRole('list');
    expect(lists).toHaveLength(2);
    expect(within(lists[0]!).getAllByRole('listitem')).toHaveLength(3);
    expect(within(lists[1]!).getAllByRole('listitem')).toHaveLength(8);
    expect(dialog).toHaveTextContent(
      'Todas las denuncias ingresadas son evaluadas y reciben una respuesta.',
    );
    expect(dialog).toHaveTextContent('No incluir publicidad ni mensajes no solicitados (spam).');
  });

  it('Aceptar ticks the checkbox, closes the dialog and enables the button, which leads to /ingresar-denuncia with the terms accepted', async () => {
    homeApi();
    const { user, router } = renderPage();
    await user.click(termsCheckbox());
    const dialog = await screen.findByRole('dialog', { name: 'Términos y condiciones' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(termsCheckbox()).toBeChecked();
    await waitFor(() => expect(termsCheckbox()).toHaveFocus());
    expect(enterButton()).toBeEnabled();
    await user.click(enterButton());
    expect(router.state.location.pathname).toBe('/ingresar-denuncia');
    // The new-complaint page reads it, and asks for the terms when it is opened without it.
    expect(router.state.location.state).toEqual(TERMS_ACCEPTED);
  });

  it('Cancelar closes the dialog and leaves the terms unaccepted', async () => {
    homeApi();
    const { user } = renderPage();
    await user.click(termsCheckbox());
    const dialog = await screen.findByRole('dialog', { name: 'Términos y condiciones' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(termsCheckbox()).not.toBeChecked();
    expect(enterButton()).toBeDisabled();
  });

  it('opens the terms from the keyboard', async () => {
    homeApi();
    const { user } = renderPage();
    termsCheckbox().focus();
    await user.keyboard(' ');
    expect(
      await screen.findByRole('dialog', { name: 'Términos y condiciones' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
