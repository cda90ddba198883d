import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE, organizationByKey } from '@canal/shared';
import type { MasterDataAdminWire } from '@canal/shared/contract';
import { MasterDataPage } from './MasterDataPage';
import { INVESTIGATOR, renderStaffPage } from '../../test/back-office';
import { created, fail, ok, staffApi } from '../../test/msw/back-office';
import { callsTo, queryOf, recordRequests, server } from '../../test/msw/server';

const CEM = organizationByKey('cem');

const lists = (over: Partial<MasterDataAdminWire> = {}): MasterDataAdminWire => ({
  organizacion: HEAD_OFFICE.id,
  zonas: [
    { id: 13, nombre: 'Región Metropolitana de Santiago', activo: true },
    { id: 5, nombre: 'Región de Valparaíso', activo: true },
  ],
  lugares: [
    { id: 1131, nombre: 'Casa Matriz Providencia', activo: true, zona_id: 13 },
    { id: 1132, nombre: 'Agencia Santiago Centro', activo: false, zona_id: 13 },
    { id: 1051, nombre: 'Agencia Valparaíso', activo: true, zona_id: 5 },
  ],
  categorias: [
    { id: 1, nombre: 'Delitos de la Ley N° 20.393', activo: true, legal: false },
    { id: 3, nombre: 'Ley N° 21.643 (Ley Karin)', activo: true, legal: true },
  ],
  tipos: [
    {
      id: 1,
      nombre: 'Cohecho',
      activo: true,
      categoria_id: 1,
      descripcion: 'Ofrecer un beneficio indebido.',
      grupo: null,
      legal: false,
    },
    {
      id: 27,
      nombre: 'Acoso sexual',
      activo: true,
      categoria_id: 3,
      descripcion: 'Requerimientos de carácter sexual no consentidos.',
      grupo: null,
      legal: true,
    },
  ],
  relaciones: [
    { id: 1, nombre: 'Trabajador', activo: true },
    { id: 2, nombre: 'Proveedor', activo: true },
  ],
  reconoce: [{ id: 1, nombre: 'Sí', activo: true }],
  ...over,
});

const render = () =>
  renderStaffPage(<MasterDataPage />, {
    path: '/gestion/datos-maestros',
    route: 'datos-maestros',
  });

describe('the master data page', () => {
  it('lists a list of an organisation and adds a place to a zone, showing the validation first', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.masterData(ok(lists())),
      staffApi.createMasterItem(
        created(
          lists({
            lugares: [
              ...lists().lugares,
              { id: 13002, nombre: 'Agencia Ñuñoa', activo: true, zona_id: 13 },
            ],
          }),
        ),
      ),
    );
    render();
    const user = userEvent.setup();
    expect(
      await screen.findByRole('rowheader', { name: 'Región Metropolitana de Santiago' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Lista'), 'lugares');
    const retired = screen
      .getByRole('rowheader', { name: 'Agencia Santiago Centro' })
      .closest('tr')!;
    expect(within(retired).getByText('Retirado')).toBeInTheDocument();
    expect(within(retired).getByRole('button', { name: 'Reactivar «Agencia Santiago Centro»' }));

    await user.click(screen.getByRole('button', { name: 'Agregar elemento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar: Lugares (agencias)' });
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('Escriba el nombre.')).toBeInTheDocument();
    expect(within(dialog).getByText('Debe elegir la zona del lugar.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nombre'), 'Agencia Ñuñoa');
    await user.selectOptions(within(dialog).getByLabelText('Zona'), '13');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/datos-maestros')[0]?.body).toMatchObject({
        organizacion: HEAD_OFFICE.id,
        lista: 'lugares',
        nombre: 'Agencia Ñuñoa',
        zona_id: 13,
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Elemento agregado.');
    expect(screen.getByRole('rowheader', { name: 'Agencia Ñuñoa' })).toBeInTheDocument();
  });

  it('reorders, retires, shows the server’s refusal, and keeps the legal type’s name fixed', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.masterData(ok(lists())),
      staffApi.reorderMasterList(ok(lists({ relaciones: [...lists().relaciones].reverse() }))),
      staffApi.setMasterItemActive(ok(lists())),
      staffApi.updateMasterItem(fail(409, 'Ya existe «Proveedor» en esta lista.')),
    );
    render();
    const user = userEvent.setup();
    await screen.findByRole('rowheader', { name: 'Región Metropolitana de Santiago' });
    await user.selectOptions(screen.getByLabelText('Lista'), 'relaciones');
    expect(screen.getByRole('button', { name: 'Subir «Trabajador»' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Bajar «Trabajador»' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/datos-maestros/orden')[0]?.body).toEqual({
        organizacion: HEAD_OFFICE.id,
        lista: 'relaciones',
        ids: [2, 1],
      }),
    );
    // The row moved to the end: the focus is on its other button, not lost.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Subir «Trabajador»' })).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: 'Bajar «Trabajador»' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Retirar «Proveedor»' }));
    // Retiring asks first; "Cancelar" sends nothing.
    let confirm = await screen.findByRole('dialog', { name: '¿Retirar «Proveedor»?' });
    expect(confirm).toHaveTextContent('Las denuncias que ya lo nombran lo conservan');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'PUT', '/v1/gestion/datos-maestros/2/estado')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Retirar «Proveedor»' }));
    confirm = await screen.findByRole('dialog', { name: '¿Retirar «Proveedor»?' });
    await user.click(within(confirm).getByRole('button', { name: 'Retirar' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/datos-maestros/2/estado')[0]?.body).toEqual({
        organizacion: HEAD_OFFICE.id,
        lista: 'relaciones',
        activo: false,
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      '«Proveedor» quedó retirado: el portal ya no lo ofrece.',
    );

    await user.click(screen.getByRole('button', { name: 'Modificar «Trabajador»' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Modificar: Relación con la organización',
    });
    await user.clear(within(dialog).getByLabelText('Nombre'));
    await user.type(within(dialog).getByLabelText('Nombre'), 'Proveedor');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(dialog).findByText('Ya existe «Proveedor» en esta lista.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    // A Law 21.643 type: no retiring, the name is read-only and the category is not offered.
    await user.selectOptions(screen.getByLabelText('Lista'), 'tipos');
    const legal = screen.getByRole('rowheader', { name: /Acoso sexual/ }).closest('tr')!;
    expect(within(legal).getByText('No se retira (ley)')).toBeInTheDocument();
    await user.click(within(legal).getByRole('button', { name: 'Modificar «Acoso sexual»' }));
    dialog = await screen.findByRole('dialog', { name: 'Modificar: Tipos de denuncia' });
    expect(within(dialog).getByLabelText('Nombre')).toHaveAttribute('readonly');
    expect(within(dialog).queryByLabelText('Categoría')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Descripción/)).toHaveValue(
      'Requerimientos de carácter sexual no consentidos.',
    );
  });

  it('asks for the chosen organisation’s lists', async () => {
    const calls = recordRequests();
    server.use(staffApi.masterData(ok(lists())));
    render();
    const user = userEvent.setup();
    await screen.findByRole('rowheader', { name: 'Región Metropolitana de Santiago' });
    await user.selectOptions(screen.getByLabelText('Organización'), CEM.id);
    await waitFor(() =>
      expect(
        callsTo(calls, 'GET', '/v1/gestion/datos-maestros').some(
          (c) => queryOf(c).organizacion === CEM.id,
        ),
      ).toBe(true),
    );
  });

  it('is for administrators only', async () => {
    renderStaffPage(<MasterDataPage />, {
      path: '/gestion/datos-maestros',
      route: 'datos-maestros',
      user: INVESTIGATOR,
    });
    expect(await screen.findByText('No tiene permiso para ver esta página.')).toBeInTheDocument();
  });
});
