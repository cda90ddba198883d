import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homeApi, renderPage } from '../test/home';

// Decision 0075: the case number and the activation code of a receipt staff handed over.
const PATH = '/activar-denuncia';
const caseNumber = () => screen.getByLabelText('Número de caso');
const code = () => screen.getByLabelText('Código de activación');
const password = () => screen.getByLabelText('Nueva contraseña');
const repeat = () => screen.getByLabelText('Repetir contraseña');
const create = () => screen.getByRole('button', { name: 'Crear contraseña' });

describe('/activar-denuncia', () => {
  it('sends the case number and the code as typed on a phone, then shows the follow-up code to note down', async () => {
    const api = homeApi();
    const pending = api.hold('activateComplaint');
    const { user, router } = renderPage({ path: PATH });
    expect(screen.getByRole('heading', { name: 'Crear su contraseña' })).toBeInTheDocument();
    await user.type(caseNumber(), ' cd-2026-00012 ');
    await user.type(code(), 'k7qf 2m9x');
    await user.type(password(), 'Clave#2025');
    await user.type(repeat(), 'Clave#2025');
    await user.click(create());
    await waitFor(() => expect(create()).toBeDisabled());
    await waitFor(() =>
      expect(api.sent('activateComplaint')).toEqual([
        {
          numero: 'CD-2026-00012',
          codigo_activacion: 'k7qf 2m9x',
          password: 'Clave#2025',
          repeatPassword: 'Clave#2025',
        },
      ]),
    );
    pending.release({ message: 'Su contraseña fue creada.', ticket: 987654321098 });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Su contraseña fue creada.');
    expect(status).toHaveTextContent('Su código de seguimiento es 987654321098');
    await user.click(screen.getByRole('link', { name: 'Ir al inicio para consultar su denuncia' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('says in Spanish what is missing or malformed, beside each field, and sends nothing', async () => {
    const api = homeApi();
    const { user } = renderPage({ path: PATH });
    await user.click(create());
    expect(
      await screen.findByText('* Ingrese el número de caso que aparece en su comprobante.'),
    ).toBeInTheDocument();
    expect(caseNumber()).toHaveAccessibleDescription(
      /Ingrese el número de caso que aparece en su comprobante/,
    );
    expect(
      screen.getByText('* Ingrese el código de activación de su comprobante.'),
    ).toBeInTheDocument();
    await user.type(caseNumber(), '12');
    await user.type(code(), 'O0I1-LLLL');
    await user.tab();
    expect(
      await screen.findByText(
        '* El número de caso no es válido. Cópielo tal como aparece en su comprobante.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        '* El código de activación tiene 8 letras y números, por ejemplo K7QF-2M9X.',
      ),
    ).toBeInTheDocument();
    expect(code()).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('activateComplaint')).toEqual([]);
  });

  it("shows the server's message for a wrong or spent code and keeps what was typed", async () => {
    const api = homeApi();
    api.fail(
      'activateComplaint',
      410,
      'Ese código de activación ya se usó, venció o fue reemplazado por uno nuevo. Si necesita otro, acuda en persona al equipo que recibió su denuncia.',
    );
    const { user } = renderPage({ path: PATH });
    await user.type(caseNumber(), 'CD-2026-00012');
    await user.type(code(), 'K7QF-2M9X');
    await user.type(password(), 'Clave#2025');
    await user.type(repeat(), 'Clave#2025');
    await user.click(create());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ese código de activación ya se usó, venció o fue reemplazado por uno nuevo.',
    );
    expect(code()).toHaveValue('K7QF-2M9X');
    expect(password()).toHaveValue('Clave#2025');
  });
});
