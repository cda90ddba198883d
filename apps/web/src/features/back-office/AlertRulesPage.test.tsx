import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE, ORGANIZATIONS, organizationByKey } from '@canal/shared';
import type { AlertCoverageWire, AlertRuleListWire } from '@canal/shared/contract';
import { AlertRulesPage } from './AlertRulesPage';
import { ADMIN, AUDITOR, INVESTIGATOR, renderStaffPage } from '../../test/back-office';
import { created, fail, ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';

const ATACAMA = organizationByKey('clinica-atacama');
const KARIN = { id: 3, nombre: 'Ley N° 21.643 (Ley Karin): acoso y violencia en el trabajo' };
const OTHER = { id: 1, nombre: 'Conductas éticas' };

const RULE = {
  id: 7,
  organizacion: HEAD_OFFICE.id,
  categoria: KARIN,
  usuario: { id: INVESTIGATOR.id, nombre: INVESTIGATOR.nombre },
  asignar: true,
  creada: '2026-03-02T12:00:00.000Z',
};

const list = (reglas: AlertRuleListWire['reglas']): AlertRuleListWire => ({
  reglas,
  categorias: [HEAD_OFFICE.id, ATACAMA.id].flatMap((organizacion) =>
    [OTHER, KARIN].map((c) => ({ organizacion, ...c })),
  ),
});
const OUTSIDER = { ...INVESTIGATOR, id: 4, nombre: 'Otra Clínica', organizaciones: [ATACAMA.id] };

const CEM = organizationByKey('cem');

/** Who receives each organisation's alerts: the administrator of every organisation, or `over`. */
const coverage = (
  over: Record<string, AlertCoverageWire['organizaciones'][number]['receptores']> = {},
): AlertCoverageWire => ({
  organizaciones: ORGANIZATIONS.map((o) => ({
    organizacion: o.id,
    receptores: over[o.id] ?? [{ id: ADMIN.id, nombre: ADMIN.nombre, motivo: 'todas' }],
  })),
});

const render = () =>
  renderStaffPage(<AlertRulesPage />, { path: '/gestion/avisos', route: 'avisos' });

/** The table of the rules (the page also has one of who receives each organisation). */
const rulesTable = async () => screen.findByRole('table', { name: 'Reglas de aviso' });

describe('the routing rules page', () => {
  it('lists the rules and creates one with a category and an assignment', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.alertRules(ok(list([RULE]))),
      staffApi.alertCoverage(ok(coverage())),
      staffApi.users(ok([ADMIN, INVESTIGATOR, AUDITOR, OUTSIDER])),
      staffApi.createAlertRule(created({ ...RULE, id: 8, usuario: { id: 3, nombre: 'x' } })),
    );
    render();
    const user = userEvent.setup();
    const row = within(await rulesTable())
      .getByRole('rowheader', { name: HEAD_OFFICE.shortName })
      .closest('tr')!;
    expect(within(row).getByText(KARIN.nombre)).toBeInTheDocument();
    expect(within(row).getByText(INVESTIGATOR.nombre)).toBeInTheDocument();
    expect(within(row).getByText('Se le asigna el caso')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nueva regla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva regla de aviso' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear regla' }));
    expect(
      await within(dialog).findByText('Debe elegir una organización válida.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Debe elegir a la persona que recibe el aviso.'),
    ).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Organización'), HEAD_OFFICE.id);
    await user.selectOptions(within(dialog).getByLabelText('Categoría'), String(KARIN.id));
    const people = within(dialog).getByLabelText('Persona que recibe el aviso');
    // Only people who work on the organisation are offered.
    expect(within(people).queryByText(/Otra Clínica/)).not.toBeInTheDocument();
    await user.selectOptions(people, String(AUDITOR.id));
    await user.click(within(dialog).getByRole('checkbox', { name: /Asignarle además el caso/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear regla' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/reglas-aviso')[0]?.body).toEqual({
        organizacion: HEAD_OFFICE.id,
        categoria_id: KARIN.id,
        usuario_id: AUDITOR.id,
        asignar: true,
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Regla creada.');
  });

  it('shows the server’s refusal in the dialog, and deletes a rule', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.alertRules(ok(list([RULE]))),
      staffApi.alertCoverage(ok(coverage())),
      staffApi.users(ok([ADMIN, INVESTIGATOR])),
      staffApi.updateAlertRule(
        fail(409, 'Ya hay una regla que asigna los casos de esa organización y categoría.'),
      ),
      staffApi.deleteAlertRule({ status: 204, body: undefined }),
    );
    render();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Modificar la regla de ${INVESTIGATOR.nombre}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Modificar regla de aviso' });
    expect(within(dialog).getByLabelText('Organización')).toHaveValue(HEAD_OFFICE.id);
    await user.selectOptions(within(dialog).getByLabelText('Categoría'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(dialog).findByText(
        'Ya hay una regla que asigna los casos de esa organización y categoría.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/v1/gestion/reglas-aviso/${RULE.id}`)[0]?.body).toEqual({
      organizacion: HEAD_OFFICE.id,
      categoria_id: null,
      usuario_id: INVESTIGATOR.id,
      asignar: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(
      screen.getByRole('button', { name: `Eliminar la regla de ${INVESTIGATOR.nombre}` }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', `/v1/gestion/reglas-aviso/${RULE.id}`)).toHaveLength(1),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Regla eliminada.');
  });

  it('shows who receives each organisation’s alerts and marks in words one nobody receives', async () => {
    server.use(
      staffApi.alertRules(ok(list([RULE]))),
      staffApi.users(ok([ADMIN, INVESTIGATOR])),
      staffApi.alertCoverage(
        ok(
          coverage({
            [HEAD_OFFICE.id]: [
              { id: ADMIN.id, nombre: ADMIN.nombre, motivo: 'todas' },
              { id: INVESTIGATOR.id, nombre: INVESTIGATOR.nombre, motivo: 'organizacion' },
            ],
            [CEM.id]: [],
          }),
        ),
      ),
    );
    render();
    const table = await screen.findByRole('table', {
      name: 'Personas que reciben el aviso de cada denuncia nueva, por organización',
    });
    const rowOf = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    expect(within(table).getAllByRole('rowheader')).toHaveLength(ORGANIZATIONS.length);
    expect(rowOf(HEAD_OFFICE.shortName)).toHaveTextContent(
      `${ADMIN.nombre} (todas las organizaciones)${INVESTIGATOR.nombre} (trabaja en ella)`,
    );
    expect(rowOf(CEM.shortName)).toHaveTextContent(
      'Nadie: sus denuncias nuevas no se avisan a nadie',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Nadie recibe los avisos de: ${CEM.shortName}.`,
    );
  });

  it('is for administrators only', async () => {
    renderStaffPage(<AlertRulesPage />, {
      path: '/gestion/avisos',
      route: 'avisos',
      user: INVESTIGATOR,
    });
    expect(await screen.findByText('No tiene permiso para ver esta página.')).toBeInTheDocument();
  });
});
