import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE, ORGANIZATIONS, organizationByKey } from '@canal/shared';
import type { AlertCoverageWire, InboxPageWire as InboxAnswer } from '@canal/shared/contract';
import { InboxPage } from './InboxPage';
import { ADMIN, AUDITOR, inboxCase, INVESTIGATOR, renderStaffPage } from '../../test/back-office';
import { created, ok, staffApi } from '../../test/msw/back-office';
import { callsTo, queryOf, recordRequests, server } from '../../test/msw/server';

type CaseSummary = InboxAnswer['casos'][number];
const row = (over: Partial<CaseSummary>): CaseSummary => inboxCase(over);

/** Every organisation's alerts reach the administrator who works on all of them. */
const coveredEverywhere: AlertCoverageWire = {
  organizaciones: ORGANIZATIONS.map((o) => ({
    organizacion: o.id,
    receptores: [{ id: ADMIN.id, nombre: ADMIN.nombre, motivo: 'todas' }],
  })),
};

const answer = (casos: CaseSummary[], total = casos.length): InboxAnswer => ({
  total,
  limite: 25,
  desplazamiento: 0,
  siguiente: null,
  casos,
});

function setup(user = ADMIN, path = '/gestion') {
  const calls = recordRequests();
  /** The query of every inbox request, in order. */
  const inbox = () => callsTo(calls, 'GET', '/v1/gestion/casos').map(queryOf);
  server.use(
    staffApi.inbox(
      ok(
        answer(
          [
            row({ id: 1, numero: 'CD-2026-00001', vencido: true }),
            row({
              id: 2,
              numero: 'CD-2026-00002',
              proximo_vencimiento: '2026-03-04',
              por_vencer: true,
            }),
            row({
              id: 3,
              numero: 'CD-2026-00003',
              proximo_vencimiento: '2026-04-30',
              asignado: { id: 2, nombre: 'Inés' },
            }),
          ],
          60,
        ),
      ),
    ),
    staffApi.categories(ok([{ categoria: { id: 9, nombre: 'Ley 21.643' }, delito_tipos: [] }])),
    staffApi.users(ok([])),
    staffApi.savedViews(ok([])),
    staffApi.alertCoverage(ok(coveredEverywhere)),
  );
  const view = renderStaffPage(<InboxPage />, { path, user });
  return { ...view, inbox };
}

const location = () => screen.getByTestId('ubicacion').textContent ?? '';

describe('the inbox', () => {
  it('shows how a case recorded by staff was received, and links to recording one', async () => {
    server.use(
      staffApi.inbox(ok(answer([row({ id: 4, numero: 'CD-2026-00004', canal: 'presencial' })]))),
      staffApi.categories(ok([])),
      staffApi.users(ok([])),
    );
    renderStaffPage(<InboxPage />, { path: '/gestion', user: INVESTIGATOR });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Canal: Presencial')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Registrar denuncia recibida por otro medio' }),
    ).toHaveAttribute('href', '/gestion/registrar-denuncia');
  });

  it('marks a case that must go to the Dirección del Trabajo (decision 0021)', async () => {
    server.use(
      staffApi.inbox(
        ok(
          answer([
            row({ id: 4, numero: 'CD-2026-00004', derivar_dt: true }),
            row({ id: 5, numero: 'CD-2026-00005' }),
          ]),
        ),
      ),
      staffApi.categories(ok([])),
      staffApi.users(ok([])),
      staffApi.savedViews(ok([])),
    );
    renderStaffPage(<InboxPage />, { path: '/gestion', user: INVESTIGATOR });
    const table = await screen.findByRole('table');
    const marks = within(table).getAllByText('Se debe derivar a la Dirección del Trabajo');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest('tr')).toHaveTextContent('CD-2026-00004');
  });

  it('offers no recording to an auditor, and shows no channel for portal cases', async () => {
    server.use(
      staffApi.inbox(ok(answer([row({ id: 5, numero: 'CD-2026-00005' })]))),
      staffApi.categories(ok([])),
      staffApi.users(ok([])),
    );
    renderStaffPage(<InboxPage />, { path: '/gestion', user: AUDITOR });
    const table = await screen.findByRole('table');
    expect(within(table).queryByText(/^Canal:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Registrar denuncia/ })).not.toBeInTheDocument();
  });

  it('lists the cases in server order with the next due date marked in words', async () => {
    setup();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'CD-2026-00001',
      'CD-2026-00002',
      'CD-2026-00003',
    ]);
    expect(rows[0]).toHaveTextContent('Vencido');
    expect(rows[1]).toHaveTextContent('04-03-2026');
    expect(rows[1]).toHaveTextContent('Vence pronto');
    expect(rows[2]).not.toHaveTextContent(/Vencido|Vence pronto/);
    expect(rows[2]).toHaveTextContent('Inés');
    expect(within(rows[0]!).getByRole('link', { name: 'CD-2026-00001' })).toHaveAttribute(
      'href',
      '/gestion/casos/1',
    );
    expect(screen.getByRole('heading', { name: '60 casos' })).toBeInTheDocument();
  });

  it('marks a case whose complainant wrote since the team last read it, and names the next milestone', async () => {
    server.use(
      staffApi.inbox(
        ok(
          answer([
            row({
              id: 1,
              numero: 'CD-2026-00001',
              novedad_denunciante: true,
              proximo_hito: 'Designación de la persona investigadora',
            }),
            row({ id: 2, numero: 'CD-2026-00002', proximo_vencimiento: null }),
          ]),
        ),
      ),
      staffApi.categories(ok([])),
      staffApi.users(ok([])),
      staffApi.savedViews(ok([])),
    );
    renderStaffPage(<InboxPage />, { path: '/gestion', user: INVESTIGATOR });
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    // Said in words (a screen reader hears what is new), not by colour.
    expect(within(first!).getByRole('rowheader')).toHaveTextContent(
      'Nuevo: mensaje de la persona denunciante sin leer',
    );
    expect(first).toHaveTextContent('Designación de la persona investigadora');
    expect(second).not.toHaveTextContent('Nuevo');
    expect(second).toHaveTextContent('Sin plazo pendiente');
  });

  it('shows every filter of an opened link in its control, and keeps them all on filtering again', async () => {
    const clinic = organizationByKey('clinica-atacama');
    const link =
      `/gestion?organizacion=${clinic.id}&estado=Recibida&prioridad=alta&etiqueta=urgente` +
      '&categoria=9&tipo=27&asignado=5&desde=2026-01-01&hasta=2026-02-28&vencidos=true';
    const { inbox } = setup(ADMIN, link);
    server.use(
      staffApi.categories(
        ok([
          {
            categoria: { id: 9, nombre: 'Ley 21.643' },
            delito_tipos: [
              { id: 26, nombre: 'Acoso laboral', descripcion: '', grupo: null },
              { id: 27, nombre: 'Acoso sexual', descripcion: '', grupo: null },
            ],
          },
        ]),
      ),
      staffApi.users(ok([{ ...INVESTIGATOR, id: 5, nombre: 'Pedro Pérez' }])),
    );
    await screen.findByRole('table');
    // The lists load after the form: the address's choice is still chosen once they are there.
    await waitFor(() =>
      expect(screen.getByLabelText('Categoría')).toHaveDisplayValue('Ley 21.643'),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Asignación')).toHaveDisplayValue('Pedro Pérez'),
    );
    expect(screen.getByLabelText('Tipo')).toHaveDisplayValue('Acoso sexual');
    expect(screen.getByLabelText('Organización')).toHaveValue(clinic.id);
    expect(screen.getByLabelText('Estado')).toHaveValue('Recibida');
    expect(screen.getByLabelText('Prioridad')).toHaveValue('alta');
    expect(screen.getByLabelText('Etiqueta')).toHaveValue('urgente');
    expect(screen.getByLabelText('Ingresada desde')).toHaveValue('01-01-2026');
    expect(screen.getByLabelText('Ingresada hasta')).toHaveValue('28-02-2026');
    expect(screen.getByLabelText('Solo casos con plazos vencidos')).toBeChecked();
    expect(inbox().at(-1)).toMatchObject({ categoria: '9', tipo: '27', asignado: '5' });

    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    const kept = Object.fromEntries(new URLSearchParams(link.split('?')[1]));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().split('?')[1]))).toEqual(kept),
    );
  });

  it('keeps a filter of a link the lists do not hold, and says so, instead of dropping it', async () => {
    setup(ADMIN, '/gestion?categoria=44');
    await screen.findByRole('table');
    await waitFor(() =>
      expect(screen.getByLabelText('Categoría')).toHaveDisplayValue(
        'Categoría n.º 44 (no está en la lista)',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(location()).toBe('/gestion?categoria=44');
  });

  it('writes the filters into the address and asks the server with them', async () => {
    const { inbox } = setup();
    await screen.findByRole('table');
    const user = userEvent.setup();
    const clinic = organizationByKey('clinica-atacama');
    await user.selectOptions(screen.getByLabelText('Organización'), clinic.id);
    await user.selectOptions(screen.getByLabelText('Estado'), 'Faltan antecedentes');
    await user.selectOptions(screen.getByLabelText('Asignación'), 'yo');
    // Days are typed dd-mm-aaaa, whatever the browser's language; the address holds yyyy-mm-dd.
    await user.type(screen.getByLabelText('Ingresada desde'), '01-01-2026');
    await user.click(screen.getByLabelText('Solo casos con plazos vencidos'));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));

    await waitFor(() => expect(location()).toContain('estado='));
    const params = new URLSearchParams(location().split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({
      organizacion: clinic.id,
      estado: 'Faltan antecedentes',
      asignado: 'yo',
      desde: '2026-01-01',
      vencidos: 'true',
    });
    await waitFor(() =>
      expect(inbox().at(-1)).toEqual({
        organizacion: clinic.id,
        estado: 'Faltan antecedentes',
        asignado: 'yo',
        desde: '2026-01-01',
        vencidos: 'true',
        limite: '25',
        desplazamiento: '0',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(location()).toBe('/gestion'));
  });

  it('searches by what is typed, with the filters, and says when nothing matches', async () => {
    const { inbox } = setup();
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), ' 12.345.678-5 ');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Cerrada');
    server.use(staffApi.inbox(ok(answer([]))));
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(inbox().at(-1)).toEqual({
        buscar: '12.345.678-5',
        estado: 'Cerrada',
        limite: '25',
        desplazamiento: '0',
      }),
    );
    expect(location()).toBe('/gestion?buscar=12.345.678-5&estado=Cerrada');
    expect(
      await screen.findByText('No hay casos que coincidan con la búsqueda y los filtros.'),
    ).toBeInTheDocument();
    // The search stays in the box, read back from the address.
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('12.345.678-5');
  });

  it('sorts on the server by the column whose header is pressed, and says how in aria-sort', async () => {
    const { inbox } = setup(ADMIN, '/gestion?estado=Recibida&pagina=2');
    const table = await screen.findByRole('table');
    const header = (name: string) =>
      within(table)
        .getAllByRole('columnheader')
        .find((h) => h.textContent?.startsWith(name))!;
    // By default: by next due date, ascending.
    expect(header('Próximo vencimiento')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Estado')).not.toHaveAttribute('aria-sort');
    const user = userEvent.setup();
    await user.click(within(header('Estado')).getByRole('button', { name: /Estado/ }));
    // Back to the first page; the filters stay.
    await waitFor(() =>
      expect(location()).toBe('/gestion?estado=Recibida&orden=estado&direccion=asc'),
    );
    await waitFor(() =>
      expect(inbox().at(-1)).toEqual({
        estado: 'Recibida',
        orden: 'estado',
        direccion: 'asc',
        limite: '25',
        desplazamiento: '0',
      }),
    );
    await waitFor(() => expect(header('Estado')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Próximo vencimiento')).not.toHaveAttribute('aria-sort');
    await user.click(within(header('Estado')).getByRole('button', { name: /Estado/ }));
    await waitFor(() => expect(header('Estado')).toHaveAttribute('aria-sort', 'descending'));
    expect(inbox().at(-1)).toMatchObject({ orden: 'estado', direccion: 'desc' });
    // Filtering keeps the order.
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(location()).toContain('orden=estado&direccion=desc'));
  });

  it('ignores an order in the address the server does not sort by', async () => {
    const { inbox } = setup(ADMIN, '/gestion?orden=password&direccion=arriba');
    await screen.findByRole('table');
    expect(inbox()).toEqual([{ limite: '25', desplazamiento: '0' }]);
  });

  it('shows priority and tags, and filters by them', async () => {
    const { inbox } = setup(ADMIN, '/gestion');
    server.use(
      staffApi.inbox(
        ok(
          answer([
            row({
              id: 4,
              numero: 'CD-2026-00004',
              prioridad: 'critica',
              etiquetas: ['urgente', 'rr.hh.'],
            }),
          ]),
        ),
      ),
    );
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Prioridad'), 'critica');
    await user.type(screen.getByLabelText('Etiqueta'), 'Urgente');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(inbox().at(-1)).toEqual({
        prioridad: 'critica',
        etiqueta: 'Urgente',
        limite: '25',
        desplazamiento: '0',
      }),
    );
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const [only] = within(table).getAllByRole('row').slice(1);
    expect(only).toHaveTextContent('Crítica');
    expect(only).toHaveTextContent('Etiquetas: urgente, rr.hh.');
  });

  it('saves the current filters and order as a view, without the search text, and opens one', async () => {
    const calls = recordRequests();
    setup(
      ADMIN,
      '/gestion?buscar=12.345.678-5&estado=Recibida&orden=numero&direccion=desc&pagina=2',
    );
    await screen.findByRole('table');
    expect(await screen.findByText(/Aún no tiene vistas guardadas/)).toBeInTheDocument();
    server.use(
      staffApi.saveView(
        created({
          id: 5,
          nombre: 'Recibidas',
          filtros: { estado: 'Recibida', orden: 'numero', direccion: 'desc' } as const,
        }),
      ),
      staffApi.savedViews(
        ok([
          {
            id: 5,
            nombre: 'Recibidas',
            filtros: { estado: 'Recibida', orden: 'numero', direccion: 'desc' } as const,
          },
          { id: 6, nombre: 'Críticas', filtros: { prioridad: 'critica', categoria: 9 } as const },
        ]),
      ),
      staffApi.deleteView(ok({ message: 'Vista borrada.' })),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre de la vista'), 'Recibidas');
    await user.click(screen.getByRole('button', { name: 'Guardar vista' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/vistas').map((c) => c.body)).toEqual([
        {
          nombre: 'Recibidas',
          filtros: { estado: 'Recibida', orden: 'numero', direccion: 'desc' },
        },
      ]),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Vista guardada.');
    await user.click(await screen.findByRole('button', { name: 'Críticas' }));
    await waitFor(() => expect(location()).toBe('/gestion?prioridad=critica&categoria=9'));
    await user.click(screen.getByRole('button', { name: 'Borrar la vista Críticas' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/v1/gestion/vistas/6')).toHaveLength(1));
  });

  it('reads filters and the page from the address and pages on the server', async () => {
    const { inbox } = setup(ADMIN, '/gestion?categoria=9&pagina=2');
    await screen.findByRole('table');
    expect(inbox()).toContainEqual({ categoria: '9', limite: '25', desplazamiento: '25' });
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(location()).toBe('/gestion?categoria=9&pagina=3'));
    await waitFor(() =>
      expect(inbox().at(-1)).toEqual({ categoria: '9', limite: '25', desplazamiento: '50' }),
    );
  });

  it('warns administrators while an organisation’s new complaints reach nobody', async () => {
    const cem = organizationByKey('cem');
    const otec = organizationByKey('otec');
    const calls = recordRequests();
    setup(ADMIN);
    server.use(
      staffApi.alertCoverage(
        ok({
          organizaciones: coveredEverywhere.organizaciones.map((o) =>
            o.organizacion === cem.id || o.organizacion === otec.id ? { ...o, receptores: [] } : o,
          ),
        }),
      ),
    );
    const warning = await screen.findByRole('alert', {
      name: '2 organizaciones no avisan a nadie de sus denuncias nuevas',
    });
    expect(warning).toHaveTextContent(
      `Nadie recibe los avisos de: ${cem.shortName}, ${otec.shortName}.`,
    );
    expect(within(warning).getByRole('link', { name: 'quién recibe los avisos' })).toHaveAttribute(
      'href',
      '/gestion/avisos',
    );
    expect(callsTo(calls, 'GET', '/v1/gestion/avisos/cobertura')).toHaveLength(1);
  });

  it('warns nobody while every organisation has receivers', async () => {
    const calls = recordRequests();
    setup(ADMIN);
    await screen.findByRole('table');
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/v1/gestion/avisos/cobertura')).toHaveLength(1),
    );
    expect(screen.queryByText(/no avisan? a nadie/)).not.toBeInTheDocument();
  });

  it('does not ask who receives the alerts for an investigator', async () => {
    const calls = recordRequests();
    setup(INVESTIGATOR);
    await screen.findByRole('table');
    expect(callsTo(calls, 'GET', '/v1/gestion/avisos/cobertura')).toHaveLength(0);
  });

  it('offers an investigator only their organisations', async () => {
    setup(INVESTIGATOR);
    await screen.findByRole('table');
    const options = within(screen.getByLabelText('Organización'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Todas', HEAD_OFFICE.shortName]);
  });
});
