import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@canal/shared';
import {
  ZONES,
  chooseType,
  datePickerInput,
  errorOf,
  fillValidForm,
  pickDate,
  complaintFormApi,
  renderNewComplaint,
  stubLayout,
} from '../../test/complaint-form';
import { ok, portalApi } from '../../test/msw/portal';
import { server } from '../../test/msw/server';

beforeEach(() => {
  stubLayout();
  complaintFormApi();
});

async function openForm(typeTitle?: string) {
  const user = userEvent.setup();
  renderNewComplaint();
  await chooseType(user, typeTitle);
  return user;
}

describe('step 1: complaint data', () => {
  it('shows every SPEC §5 message of the complaint form, on change and on blur', async () => {
    const user = await openForm();

    // Selects: "* Debe seleccionar una opción." once left empty.
    await user.click(screen.getByLabelText('Relación con la organización'));
    await user.tab();
    expect(errorOf('Relación con la organización')).toBe('* Debe seleccionar una opción.');
    await user.click(screen.getByLabelText('¿Puede identificar a las personas involucradas?'));
    await user.tab();
    expect(errorOf('¿Puede identificar a las personas involucradas?')).toBe(
      '* Debe seleccionar una opción.',
    );
    await user.click(screen.getByLabelText('¿Cómo tomó conocimiento de los hechos?'));
    await user.tab();
    expect(errorOf('¿Cómo tomó conocimiento de los hechos?')).toBe(
      '* Debe seleccionar una opción.',
    );
    await user.click(screen.getByLabelText('Zona de ocurrencia'));
    await user.tab();
    expect(errorOf('Zona de ocurrencia')).toBe('* Debe seleccionar una opción.');
    await user.selectOptions(screen.getByLabelText('Zona de ocurrencia'), 'Región de Valparaíso');
    await user.click(screen.getByLabelText('Lugar de ocurrencia'));
    await user.tab();
    expect(errorOf('Lugar de ocurrencia')).toBe('* Debe seleccionar una opción.');

    // Texts: "* Este campo no puede estar vacío."
    for (const label of ['Nombres', 'Apellido paterno', 'RUT', 'Número de contacto']) {
      await user.type(screen.getByLabelText(label), '1');
      await user.clear(screen.getByLabelText(label));
      expect(errorOf(label)).toBe('* Este campo no puede estar vacío.');
    }
    await user.click(screen.getByLabelText('Descripción de los hechos'));
    await user.tab();
    expect(errorOf('Descripción de los hechos')).toBe('* Este campo no puede estar vacío.');

    await user.type(screen.getByLabelText('Descripción de los hechos'), 'Muy corto');
    expect(errorOf('Descripción de los hechos')).toBe(
      '* La descripcion no puede tener menos de 10 caracteres.',
    );
    await user.type(screen.getByLabelText('Descripción de los hechos'), '!');
    expect(errorOf('Descripción de los hechos')).toBeNull();

    await user.type(screen.getByLabelText('Número de contacto'), '9123a');
    expect(errorOf('Número de contacto')).toBe(
      '* El número de teléfono debe contener solo números.',
    );
    await user.clear(screen.getByLabelText('Número de contacto'));
    await user.type(screen.getByLabelText('Número de contacto'), '91234');
    expect(errorOf('Número de contacto')).toBe('* El número de contacto debe tener 9 dígitos.');
    await user.type(screen.getByLabelText('Número de contacto'), '5678');
    expect(errorOf('Número de contacto')).toBeNull();

    await user.type(screen.getByLabelText('RUT'), '12.345.678-0');
    expect(errorOf('RUT')).toBe('* RUT inválido o formato incorrecto (1234567-8)');
    await user.clear(screen.getByLabelText('RUT'));
    await user.type(screen.getByLabelText('RUT'), '1234567');
    expect(errorOf('RUT')).toBe('* RUT inválido o formato incorrecto (1234567-8)');

    // The maternal surname is optional.
    await user.type(screen.getByLabelText('Apellido materno (opcional)'), 'x');
    await user.clear(screen.getByLabelText('Apellido materno (opcional)'));
    expect(errorOf('Apellido materno (opcional)')).toBeNull();

    // Occurrence date: leaving the picker without a date.
    await user.click(await datePickerInput());
    await user.keyboard('{Escape}');
    await user.tab();
    await waitFor(() =>
      expect(errorOf('Fecha de ocurrencia de los hechos')).toBe('* Debe seleccionar una opción.'),
    );

    // The other place is required when "Otro" is the place.
    await user.selectOptions(screen.getByLabelText('Lugar de ocurrencia'), 'Otro');
    await user.type(screen.getByLabelText('Otro lugar'), 'x');
    await user.clear(screen.getByLabelText('Otro lugar'));
    expect(errorOf('Otro lugar')).toBe('* Este campo no puede estar vacío.');
  }, 30_000);

  it('formats the RUT as it is typed and shows the description hint and counter', async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText('RUT'), '12.345.678-k');
    expect(screen.getByLabelText('RUT')).toHaveValue('12345678-K');
    expect(screen.getByText(MESSAGES.descriptionHint)).toBeInTheDocument();
    expect(screen.getByLabelText('Descripción de los hechos')).toHaveAttribute('maxlength', '3500');
    await user.type(screen.getByLabelText('Descripción de los hechos'), 'Hola');
    expect(screen.getByText('4 / 3500')).toBeInTheDocument();
  });

  it('keeps "Ingresar denuncia" disabled until the whole form is valid, then opens the save modal', async () => {
    const user = await openForm();
    const submit = screen.getByRole('button', { name: 'Ingresar denuncia' });
    const disabled = () => expect(submit).toHaveAttribute('aria-disabled', 'true');
    const enabled = () => expect(submit).not.toHaveAttribute('aria-disabled');
    disabled();
    // What it says matches the labels: the optional fields say so, no label carries a "*"
    // (issue 22; the spec's "* …" are its error messages, not a legend).
    expect(submit).toHaveAccessibleDescription(
      'Para ingresar la denuncia, complete todos los campos, salvo los que dicen «(opcional)».',
    );
    const labels = [...document.querySelectorAll('form label')].map((l) => l.textContent ?? '');
    expect(labels).toContain('Apellido materno (opcional)');
    expect(labels.filter((l) => l.includes('*'))).toEqual([]);
    await fillValidForm(user);
    await waitFor(enabled);
    expect(screen.getByPlaceholderText('dd-mm-aaaa')).toHaveAttribute('readonly');
    expect((screen.getByPlaceholderText('dd-mm-aaaa') as HTMLInputElement).value).toMatch(
      /^01-\d{2}-\d{4}$/,
    );

    await user.clear(screen.getByLabelText('Nombres'));
    await waitFor(disabled);
    await user.type(screen.getByLabelText('Nombres'), 'María');
    await waitFor(enabled);

    await user.click(submit);
    expect(
      await screen.findByRole('dialog', {
        name: 'Generar contraseña de recuperación y seguimiento',
      }),
    ).toBeInTheDocument();
  }, 30_000);

  it('pressed before the form is complete, shows what is missing and focuses the first field', async () => {
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Ingresar denuncia' }));
    // Untouched required fields now show their messages; no save modal opens.
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(2));
    expect(
      screen.queryByRole('dialog', { name: 'Generar contraseña de recuperación y seguimiento' }),
    ).not.toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('aria-invalid', 'true');
  });

  it('hides the complainant block for an anonymous complaint', async () => {
    const user = await openForm();
    const anonymous = screen.getByRole('checkbox', {
      name: '¿Desea permanecer en el anonimato para esta denuncia?',
    });
    expect(anonymous).toBeEnabled();
    expect(screen.getByLabelText('RUT')).toBeInTheDocument();
    await user.click(anonymous);
    expect(screen.queryByLabelText('RUT')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nombres')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Número de contacto')).not.toBeInTheDocument();
    await user.click(anonymous);
    expect(screen.getByLabelText('RUT')).toBeInTheDocument();
  });

  it.each([
    [26, 'Acoso laboral'],
    [27, 'Acoso sexual'],
    [28, 'Violencia en el trabajo'],
  ])('does not allow anonymity for type %i (%s)', async (_id, title) => {
    await openForm(title);
    const anonymous = screen.getByRole('checkbox', {
      name: '¿Desea permanecer en el anonimato para esta denuncia?',
    });
    expect(anonymous).toBeDisabled();
    expect(anonymous).not.toBeChecked();
    expect(screen.getByText(MESSAGES.anonymityNotice)).toBeInTheDocument();
    // Why, who sees the name, and the alternative (issue 22), as the checkbox's description.
    expect(anonymous).toHaveAccessibleDescription(
      expect.stringContaining('exige identificar a la persona afectada'),
    );
    expect(anonymous).toHaveAccessibleDescription(
      expect.stringContaining(
        'solo los verá el equipo que investiga las denuncias de la Mutual Andina de Seguridad',
      ),
    );
    expect(anonymous).toHaveAccessibleDescription(
      expect.stringContaining('directamente en la Dirección del Trabajo'),
    );
    expect(screen.getByLabelText('RUT')).toBeInTheDocument();
  });

  it('chooses the zone itself when there is exactly one and hides its select', async () => {
    server.use(portalApi.zonesWithPlaces(ok([ZONES[0]!])));
    const user = await openForm();
    expect(screen.queryByLabelText('Zona de ocurrencia')).not.toBeInTheDocument();
    const place = screen.getByLabelText('Lugar de ocurrencia');
    await waitFor(() => expect(place).toBeEnabled());
    expect([...(place as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Seleccione una opción',
      'Agencia Santiago Centro',
      'Agencia Providencia',
      'Otro',
    ]);
    await user.selectOptions(place, 'Agencia Santiago Centro');
    expect(place).toHaveValue('1131');
  });

  it('resets the place when the zone changes and lists the places of the new zone with "Otro"', async () => {
    const user = await openForm();
    const place = screen.getByLabelText('Lugar de ocurrencia');
    expect(place).toBeDisabled();
    await user.selectOptions(
      screen.getByLabelText('Zona de ocurrencia'),
      'Región Metropolitana de Santiago',
    );
    await user.selectOptions(place, 'Agencia Providencia');
    expect(place).toHaveValue('1132');

    await user.selectOptions(screen.getByLabelText('Zona de ocurrencia'), 'Región de Valparaíso');
    expect(place).toHaveValue('');
    expect([...(place as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Seleccione una opción',
      'Agencia Viña del Mar',
      'Otro',
    ]);
  });

  it('enables the other place only with "Otro" and clears it when "Otro" is chosen again', async () => {
    const user = await openForm();
    const other = screen.getByLabelText('Otro lugar');
    expect(other).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Zona de ocurrencia'), 'Región de Valparaíso');
    await user.selectOptions(screen.getByLabelText('Lugar de ocurrencia'), 'Otro');
    expect(other).toBeEnabled();
    await user.type(other, 'Estacionamiento');
    expect(other).toHaveValue('Estacionamiento');

    await user.selectOptions(screen.getByLabelText('Lugar de ocurrencia'), 'Agencia Viña del Mar');
    expect(other).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Lugar de ocurrencia'), 'Otro');
    expect(other).toBeEnabled();
    expect(other).toHaveValue('');
  });

  it('speaks Spanish in the calendar, names its controls, and does not open on focus alone', async () => {
    const user = await openForm();
    const input = await datePickerInput();
    input.focus();
    expect(document.querySelector('.react-datepicker')).toBeNull();
    await user.click(input);
    const calendar = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.react-datepicker');
      if (!found) throw new Error('sin calendario');
      return found;
    });
    const view = within(calendar);
    // The open calendar is a dialog named in Spanish, not the library's "Choose Date" (issue 22).
    expect(screen.getByRole('dialog', { name: 'Elegir fecha' })).toBe(calendar);
    expect(view.getByRole('combobox', { name: 'Mes' })).toBeInTheDocument();
    const year = view.getByRole('combobox', { name: 'Año' });
    expect(within(year).getAllByRole('option')[0]).toHaveTextContent('2023');
    expect(view.getByRole('button', { name: 'Mes anterior' })).toBeInTheDocument();
    // Today's month is the last one that can be chosen.
    expect(view.getByRole('button', { name: 'Mes siguiente' })).toBeDisabled();
    const labels = [calendar, ...calendar.querySelectorAll('[aria-label]')].map((e) =>
      e.getAttribute('aria-label'),
    );
    expect(labels.some((l) => l?.startsWith('Elegir el'))).toBe(true);
    for (const label of labels)
      expect(label).not.toMatch(/Choose|Date|Previous|Next|Not available|month|week/);
    await user.selectOptions(year, '2023');
    await user.selectOptions(view.getByRole('combobox', { name: 'Mes' }), '0');
    expect(view.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
  });

  it('opens the calendar from the keyboard and picks a day with arrows and Enter (issue 12)', async () => {
    const user = await openForm();
    const input = await datePickerInput();
    await user.click(screen.getByLabelText('Relación con la organización'));
    while (document.activeElement !== input) await user.tab();
    expect(document.querySelector('.react-datepicker')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('.react-datepicker')).not.toBeNull());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveClass('react-datepicker__day');
    await user.keyboard('{Enter}');
    expect(input.value).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it('lets a date be picked only between 01-01-2023 and today', async () => {
    const user = await openForm();
    await pickDate(user);
    await user.click(screen.getByPlaceholderText('dd-mm-aaaa'));
    const disabledFuture = document.querySelectorAll('.react-datepicker__day--disabled');
    const today = new Date();
    const lastDay = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
    // Every day after today in this month is disabled.
    expect(disabledFuture.length).toBeGreaterThanOrEqual(lastDay - today.getDate());
  });
});
