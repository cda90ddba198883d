import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseViewWire as CaseView } from '@canal/shared/contract';
import {
  AUDITOR,
  caseSummary,
  caseView,
  INVESTIGATOR,
  renderStaffPage,
} from '../../../test/back-office';
import { fail, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { CasePage } from './CasePage';

const view = (over: Partial<CaseView['caso']> = {}): CaseView =>
  caseView({
    caso: {
      ...caseSummary({ id: 7, numero: 'CD-2026-00007', tipo: 'Hurto', tipo_id: 1 }),
      ...over,
    },
    denuncia: { subtipo_denuncia: 'Hurto', tipo_denuncia: 'General' },
  });

const categories = [
  {
    categoria: { id: 1, nombre: 'Delitos' },
    delito_tipos: [{ id: 1, nombre: 'Hurto', descripcion: '', grupo: null }],
  },
  {
    categoria: { id: 9, nombre: 'Ley 21.643' },
    delito_tipos: [
      { id: 26, nombre: 'Acoso laboral', descripcion: '', grupo: null },
      { id: 27, nombre: 'Acoso sexual', descripcion: '', grupo: null },
    ],
  },
];

function setup(user = INVESTIGATOR, caso: Partial<CaseView['caso']> = {}) {
  const calls = recordRequests();
  server.use(
    staffApi.caseView(ok(view(caso))),
    staffApi.users(ok([])),
    staffApi.categories(ok(categories)),
  );
  renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id', user });
  return calls;
}

describe('the case dossier link', () => {
  it('downloads the ZIP of the case from the API, for auditors too', async () => {
    setup(AUDITOR);
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    const link = screen.getByRole('link', { name: 'Descargar expediente (ZIP)' });
    expect(link).toHaveAttribute('href', '/v1/gestion/casos/7/expediente');
    expect(link).toHaveAttribute('download', 'expediente-CD-2026-00007.zip');
    // An auditor reads; the type cannot be changed.
    expect(screen.queryByRole('form', { name: 'Cambiar tipo de denuncia' })).toBeNull();
  });
});

describe('changing the case type', () => {
  it('asks for a new type and a reason, then sends them and confirms', async () => {
    const calls = setup();
    server.use(staffApi.reclassify(ok({ message: 'Tipo de denuncia actualizado.' })));
    const form = await screen.findByRole('form', { name: 'Cambiar tipo de denuncia' });
    const select = within(form).getByRole('combobox', { name: 'Nuevo tipo' });
    // Every other type of the organisation, by category; not the current one.
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Acoso laboral' })).toBeInTheDocument(),
    );
    expect(within(select).queryByRole('option', { name: 'Hurto' })).toBeNull();

    await userEvent.click(within(form).getByRole('button', { name: 'Cambiar tipo' }));
    expect(await within(form).findByText('Debe elegir el nuevo tipo de denuncia.')).toBeVisible();
    expect(within(form).getByText('Debe escribir el motivo del cambio de tipo.')).toBeVisible();
    expect(callsTo(calls, 'PUT', '/v1/gestion/casos/7/tipo')).toHaveLength(0);

    await userEvent.selectOptions(select, 'Acoso laboral');
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Motivo del cambio/ }),
      '  El relato describe acoso laboral.  ',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Cambiar tipo' }));
    // It asks first, naming both types; "Cancelar" sends nothing and keeps what was typed.
    let confirm = await screen.findByRole('dialog', { name: '¿Cambiar el tipo de denuncia?' });
    expect(confirm).toHaveTextContent('De «Hurto» a «Acoso laboral».');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'PUT', '/v1/gestion/casos/7/tipo')).toHaveLength(0);
    expect(within(form).getByRole('textbox', { name: /Motivo del cambio/ })).toHaveValue(
      '  El relato describe acoso laboral.  ',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Cambiar tipo' }));
    confirm = await screen.findByRole('dialog', { name: '¿Cambiar el tipo de denuncia?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cambiar tipo' }));
    expect(await within(form).findByText('Tipo de denuncia actualizado.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = callsTo(calls, 'PUT', '/v1/gestion/casos/7/tipo');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ tipo_id: 26, motivo: 'El relato describe acoso laboral.' });
  });

  it('shows the API’s refusal', async () => {
    setup();
    server.use(staffApi.reclassify(fail(409, 'El caso ya tiene ese tipo de denuncia.')));
    const form = await screen.findByRole('form', { name: 'Cambiar tipo de denuncia' });
    const select = within(form).getByRole('combobox', { name: 'Nuevo tipo' });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Acoso sexual' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(select, 'Acoso sexual');
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Motivo del cambio/ }),
      'Motivo',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Cambiar tipo' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Cambiar el tipo de denuncia?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cambiar tipo' }));
    // Said in the dialog, which stays open with the form behind it as it was.
    expect(
      await within(confirm).findByText('El caso ya tiene ese tipo de denuncia.'),
    ).toBeVisible();
  });

  it('is not offered on a closed case', async () => {
    setup(INVESTIGATOR, { estado: 'Cerrada' });
    await screen.findByRole('heading', { name: 'Caso CD-2026-00007' });
    expect(screen.getByRole('link', { name: 'Descargar expediente (ZIP)' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Cambiar tipo de denuncia' })).toBeNull();
  });
});
