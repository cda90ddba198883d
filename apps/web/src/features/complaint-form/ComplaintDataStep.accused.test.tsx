// Law 21.643 complaints (types 26–28): who is accused and a complaint filed on someone else's
// behalf, optional (issue 11, decision 0021).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@canal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, fakeXhr } from '../../test/fake-xhr';
import {
  chooseType,
  complaintFormApi,
  errorOf,
  fillValidForm,
  renderNewComplaint,
  stubLayout,
} from '../../test/complaint-form';
// Step 1 loads lazily in the page; loaded here first so that the first test's findBy waits
// for the page, not for the test runner's first transform of these modules.
import './step-one';
import './complaint-resolver';

afterEach(() => vi.restoreAllMocks());
beforeEach(() => {
  stubLayout();
  complaintFormApi();
});

const NAME = 'Nombre de la persona denunciada (opcional)';
const POSITION = 'Cargo de la persona denunciada (opcional)';
const MANAGER =
  'La persona denunciada es gerente o representante legal de la organización (opcional)';
const ON_BEHALF = 'Presento esta denuncia a nombre de otra persona (opcional)';
const BASIS = 'Fundamento de la representación';

async function openForm(typeTitle?: string) {
  const user = userEvent.setup();
  renderNewComplaint();
  await chooseType(user, typeTitle);
  return user;
}

describe('step 1: the accused and the representation', () => {
  it.each(['Acoso laboral', 'Acoso sexual', 'Violencia en el trabajo'])(
    'are asked for %s, as an optional group',
    async (title) => {
      await openForm(title);
      const group = screen.getByRole('group', {
        name: 'Persona denunciada y representación (opcional)',
      });
      expect(group).toHaveAccessibleDescription(/Estos datos son opcionales/);
      expect(within(group).getByLabelText(NAME)).not.toBeRequired();
      expect(within(group).getByLabelText(POSITION)).toBeInTheDocument();
      expect(within(group).getByRole('checkbox', { name: MANAGER })).toHaveAccessibleDescription(
        'En ese caso, la organización debe derivar la denuncia a la Dirección del Trabajo.',
      );
      expect(within(group).getByRole('checkbox', { name: ON_BEHALF })).not.toBeChecked();
      // The basis is asked only once the complaint is made on someone's behalf.
      expect(within(group).queryByLabelText(BASIS)).not.toBeInTheDocument();
    },
  );

  it('are not asked for another type', async () => {
    await openForm('Lavado de activos');
    expect(screen.queryByLabelText(NAME)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: ON_BEHALF })).not.toBeInTheDocument();
  });

  it('asks the basis of a representation, and keeps "Ingresar denuncia" incomplete without it', async () => {
    const user = await openForm('Acoso laboral');
    await fillValidForm(user);
    const submit = screen.getByRole('button', { name: 'Ingresar denuncia' });
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));

    await user.click(screen.getByRole('checkbox', { name: ON_BEHALF }));
    await waitFor(() => expect(submit).toHaveAttribute('aria-disabled', 'true'));
    await user.type(screen.getByLabelText(BASIS), 'x');
    await user.clear(screen.getByLabelText(BASIS));
    expect(errorOf(BASIS)).toBe(MESSAGES.representationBasisRequired);
    await user.type(screen.getByLabelText(BASIS), 'Tengo un poder simple.');
    expect(errorOf(BASIS)).toBeNull();
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));

    // Unticked, the basis goes away with its text.
    await user.click(screen.getByRole('checkbox', { name: ON_BEHALF }));
    expect(screen.queryByLabelText(BASIS)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: ON_BEHALF }));
    expect(screen.getByLabelText(BASIS)).toHaveValue('');
  }, 30_000);

  it('files what was given with the complaint', async () => {
    const user = await openForm('Acoso sexual');
    await fillValidForm(user);
    await user.type(screen.getByLabelText(NAME), 'Rodrigo Castañeda');
    await user.type(screen.getByLabelText(POSITION), 'Gerente general');
    await user.click(screen.getByRole('checkbox', { name: MANAGER }));
    await user.click(screen.getByRole('checkbox', { name: ON_BEHALF }));
    await user.type(screen.getByLabelText(BASIS), 'Soy su abogada, con poder simple.');
    const submit = screen.getByRole('button', { name: 'Ingresar denuncia' });
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', {
      name: 'Generar contraseña de recuperación y seguimiento',
    });
    await user.type(screen.getByLabelText('Correo electrónico de contacto'), 'persona@empresa.cl');
    await user.type(screen.getByLabelText('Repetir correo electrónico'), 'persona@empresa.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'Clave#2024');
    await user.type(screen.getByLabelText('Repetir contraseña'), 'Clave#2024');
    const xhr = fakeXhr(() => {});
    await user.click(within(dialog).getByRole('button', { name: 'Guardar denuncia' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
    const denuncia = JSON.parse((FakeXhr.last.body as FormData).get('denuncia') as string);
    xhr.restore();
    expect(denuncia).toMatchObject({
      tipo_delito_id: 27,
      denunciado_nombre: 'Rodrigo Castañeda',
      denunciado_cargo: 'Gerente general',
      denunciado_es_gerente: true,
      a_nombre_de_otro: true,
      fundamento_representacion: 'Soy su abogada, con poder simple.',
    });
  }, 60_000);
});
