import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/api/http';
import type { ApiClient } from '../../lib/api/client';
import {
  chooseType,
  errorOf,
  fillValidForm,
  renderNewComplaint,
  stubClient,
  stubLayout,
} from '../../test/complaint-form';

beforeEach(() => {
  stubLayout();
});

const TITLE = 'Generar contraseña de recuperación y seguimiento';

async function openSaveModal(client: ApiClient = stubClient()) {
  const user = userEvent.setup();
  const rendered = renderNewComplaint(client);
  await chooseType(user);
  await fillValidForm(user);
  await user.upload(
    await screen.findByTestId('file-input'),
    new File(['%PDF-1.4'], 'respaldo.pdf', { type: 'application/pdf' }),
  );
  const submit = screen.getByRole('button', { name: 'Ingresar denuncia' });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  return { user, dialog, ...rendered };
}

async function fillSaveModal(user: UserEvent) {
  await user.type(screen.getByLabelText('Correo electrónico de contacto'), 'persona@empresa.cl');
  await user.type(screen.getByLabelText('Repetir correo electrónico'), 'persona@empresa.cl');
  await user.type(screen.getByLabelText('Contraseña'), 'Clave#2024');
  await user.type(screen.getByLabelText('Repetir contraseña'), 'Clave#2024');
}

describe('save modal', () => {
  it('explains the e-mail and password and shows every SPEC §5 message of its fields', async () => {
    const { user, dialog } = await openSaveModal();
    expect(dialog).toHaveTextContent(
      'te pedimos un correo electrónico de contacto y una contraseña',
    );
    expect(dialog).toHaveTextContent('enviaremos a ese correo el código de tu denuncia');
    expect(dialog).toHaveTextContent(
      'es confidencial y, una vez guardada la denuncia, no podrá ser modificada',
    );
    const save = within(dialog).getByRole('button', { name: 'Guardar denuncia' });
    expect(save).toBeDisabled();

    await user.click(screen.getByLabelText('Correo electrónico de contacto'));
    await user.tab();
    expect(errorOf('Correo electrónico de contacto')).toBe('* Este campo no puede estar vacío.');
    await user.type(screen.getByLabelText('Correo electrónico de contacto'), 'persona@empresa');
    expect(errorOf('Correo electrónico de contacto')).toBe('* Debe ingresar un email válido.');
    await user.type(screen.getByLabelText('Correo electrónico de contacto'), '.cl');
    expect(errorOf('Correo electrónico de contacto')).toBeNull();
    await user.type(screen.getByLabelText('Repetir correo electrónico'), 'otra@empresa.cl');
    expect(errorOf('Repetir correo electrónico')).toBe('* Los emails deben coincidir.');

    const password = screen.getByLabelText('Contraseña');
    await user.type(password, 'abc');
    expect(errorOf('Contraseña')).toBe('* La contraseña debe contener al menos un número.');
    await user.type(password, '1');
    expect(errorOf('Contraseña')).toBe(
      '* La contraseña debe contener al menos una letra mayúscula.',
    );
    await user.type(password, 'A');
    expect(errorOf('Contraseña')).toBe(
      '* La contraseña debe contener al menos un carácter especial.',
    );
    await user.clear(password);
    await user.type(password, 'A1!');
    expect(errorOf('Contraseña')).toBe('* La contraseña no puede tener menos de 6 caracteres.');
    await user.type(password, 'bcd');
    expect(errorOf('Contraseña')).toBeNull();
    await user.type(screen.getByLabelText('Repetir contraseña'), 'A1!bc');
    expect(errorOf('Repetir contraseña')).toBe('* Las contraseñas deben coincidir.');
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Repetir contraseña'), 'd');
    await user.clear(screen.getByLabelText('Repetir correo electrónico'));
    await user.type(screen.getByLabelText('Repetir correo electrónico'), 'persona@empresa.cl');
    await waitFor(() => expect(save).toBeEnabled());
  }, 60_000);

  it('files the complaint with a progress bar, then logs in and opens the detail page', async () => {
    let finish: (value: { ticket: number; email: string }) => void = () => undefined;
    const fileComplaint = vi.fn(
      (_form: unknown, _ticket: unknown, _files: File[], onProgress?: (f: number) => void) =>
        new Promise<{ ticket: number; email: string }>((resolve) => {
          onProgress?.(0.42);
          finish = resolve;
        }),
    );
    const client = stubClient({ fileComplaint } as Partial<ApiClient>);
    const { user, dialog, router } = await openSaveModal(client);
    await fillSaveModal(user);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar denuncia' }));

    const saving = await screen.findByRole('dialog', { name: 'Guardando denuncia' });
    expect(saving).toHaveTextContent('Estamos guardando los datos de su denuncia');
    expect(saving).toHaveTextContent('puede tardar más de lo habitual si adjuntó muchos archivos');
    expect(within(saving).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');

    const [form, ticketInfo, files] = fileComplaint.mock.calls[0]!;
    expect(form).toMatchObject({
      anonymous: false,
      crimeId: 4,
      complainantRut: '12345678-5',
      complainantFirstName: 'María José',
      complainantContactNumber: '912345678',
      relationshipWithOrganization: 1,
      canIdentify: 1,
      knowledgeSource: 3,
      occurrenceZone: 13,
      occurrencePlace: 1132,
    });
    expect((form as { occurrenceDate: string }).occurrenceDate).toMatch(/^01\/\d{2}\/\d{4}$/);
    expect(ticketInfo).toEqual({ email: 'persona@empresa.cl', password: 'Clave#2024' });
    expect(files.map((f) => f.name)).toEqual(['respaldo.pdf']);

    finish({ ticket: 123456789012, email: 'persona@empresa.cl' });
    const done = await screen.findByRole('dialog', { name: 'Denuncia Ingresada' });
    expect(done).toHaveTextContent('Tu denuncia fue ingresada con éxito');
    expect(done).toHaveTextContent(
      'Te enviaremos un resumen de la denuncia al correo electrónico registrado',
    );
    expect(done).toHaveTextContent('123456789012');

    await user.click(within(done).getByRole('button', { name: 'Entendido' }));
    expect(client.login).toHaveBeenCalledWith(123456789012, 'Clave#2024');
    expect(
      await screen.findByRole('heading', { name: 'Detalle 123456789012' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/detalle-denuncia/123456789012');
  }, 60_000);

  it.each([
    [
      'the server message',
      new HttpError('http', 400, '/v1/denuncias', 'El archivo que intenta subir no está permitido'),
      'El archivo que intenta subir no está permitido',
    ],
    [
      'the error message',
      new HttpError('http', 503, '/v1/denuncias'),
      'HTTP Service Unavailable error has ocurred calling /v1/denuncias',
    ],
    ['"Error desconocido"', new Error(''), 'Error desconocido'],
  ])(
    'goes back to the form with %s in a red box, cleared by "Cancelar"',
    async (_name, failure, message) => {
      const client = stubClient({
        fileComplaint: vi.fn(async () => Promise.reject(failure)),
      } as Partial<ApiClient>);
      const { user } = await openSaveModal(client);
      await fillSaveModal(user);
      await user.click(screen.getByRole('button', { name: 'Guardar denuncia' }));

      const dialog = await screen.findByRole('dialog', { name: TITLE });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
      expect(within(dialog).getByLabelText('Correo electrónico de contacto')).toHaveValue(
        'persona@empresa.cl',
      );

      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Ingresar denuncia' }));
      const reopened = await screen.findByRole('dialog', { name: TITLE });
      expect(within(reopened).queryByText(message)).not.toBeInTheDocument();
    },
    60_000,
  );
});

// After the tests above: the date picker's lazy chunk is loaded by then.
describe('save modal: who sees the address', () => {
  it('says plainly who sees the address: nobody on the team for an anonymous complaint', async () => {
    const user = userEvent.setup();
    renderNewComplaint(stubClient());
    await chooseType(user);
    await user.click(
      screen.getByRole('checkbox', {
        name: '¿Desea permanecer en el anonimato para esta denuncia?',
      }),
    );
    await fillValidForm(user, { anonymous: true });
    const submit = screen.getByRole('button', { name: 'Ingresar denuncia' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog).toHaveTextContent(
      'Tu correo solo se usa para enviarte avisos; el equipo investigador no lo ve en una denuncia anónima.',
    );
  }, 20_000);

  it('tells an identified complainant that the team sees the address', async () => {
    const { dialog } = await openSaveModal();
    expect(dialog).toHaveTextContent(
      'el equipo investigador lo ve junto con tus datos de contacto',
    );
    expect(dialog).not.toHaveTextContent('no lo ve');
  }, 20_000);
});
