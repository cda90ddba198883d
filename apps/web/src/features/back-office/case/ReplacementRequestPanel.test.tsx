import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseViewWire as CaseView, StaffUserWire } from '@canal/shared/contract';
import { ADMIN, AUDITOR, caseView, INVESTIGATOR, renderStaffPage } from '../../../test/back-office';
import { fail, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { ReplacementTasksBanner } from '../components/ReplacementTasksBanner';
import { CasePage } from './CasePage';

const REASON = 'Quien investiga es amigo de la persona denunciada.';
const OTHER: StaffUserWire = { ...INVESTIGATOR, id: 5, nombre: 'Olga Otra', email: 'o@e.cl' };

/** Case 7, handled by the investigator, with the complainant's request open (reason as `motivo`). */
const view = (motivo: string | null): CaseView =>
  caseView({
    caso: { asignado: { id: INVESTIGATOR.id, nombre: INVESTIGATOR.nombre } },
    solicitud_reemplazo: {
      id: 3,
      fecha: '2026-03-04T15:00:00.000Z',
      motivo,
      investigador: { id: INVESTIGATOR.id, nombre: INVESTIGATOR.nombre },
    },
  });

function setup(user: StaffUserWire, motivo: string | null) {
  const calls = recordRequests();
  server.use(
    staffApi.caseView(ok(view(motivo))),
    staffApi.users(ok([ADMIN, INVESTIGATOR, OTHER, AUDITOR])),
  );
  renderStaffPage(<CasePage />, { path: '/gestion/casos/7', route: 'casos/:id', user });
  return calls;
}

const panel = () =>
  screen.findByRole('region', { name: 'Solicitud de cambio de investigador/a por responder' });
const answers = (calls: ReturnType<typeof setup>) =>
  callsTo(calls, 'POST', '/v1/gestion/casos/7/solicitud-reemplazo');

describe('the request to replace the investigator, on the case page', () => {
  it('shows administrators the reason; accepting assigns another person (not the one in question)', async () => {
    const calls = setup(ADMIN, REASON);
    server.use(staffApi.answerReplacement(ok({ message: 'Solicitud respondida.' })));
    const region = await panel();
    expect(region).toHaveTextContent(REASON);
    expect(region).toHaveTextContent('04-03-2026 / 12:00:00');
    expect(region).toHaveTextContent('a cargo entonces: Inés Investigadora');

    const user = userEvent.setup();
    await user.click(within(region).getByLabelText('Acoger: asignar el caso a otra persona'));
    const select = within(region).getByLabelText('Nueva persona a cargo');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Elija una persona', 'Ana Admin', 'Olga Otra']),
    );
    await user.click(within(region).getByRole('button', { name: 'Responder solicitud' }));
    expect(await within(region).findByText(/debe elegir a la nueva persona/)).toBeInTheDocument();
    await user.selectOptions(select, 'Olga Otra');
    await user.click(within(region).getByRole('button', { name: 'Responder solicitud' }));
    await waitFor(() => expect(answers(calls)).toHaveLength(1));
    expect(answers(calls)[0]!.body).toEqual({ decision: 'aceptada', usuario_id: OTHER.id });
  });

  it('rejecting asks for the reason the complainant will read, and shows a refusal', async () => {
    const calls = setup(ADMIN, REASON);
    server.use(
      staffApi.answerReplacement(
        fail(404, 'El caso no tiene una solicitud de cambio de investigador/a por responder.'),
      ),
    );
    const region = await panel();
    const user = userEvent.setup();
    await user.click(within(region).getByLabelText('Rechazar, con un motivo'));
    await user.click(within(region).getByRole('button', { name: 'Responder solicitud' }));
    expect(
      await within(region).findByText('Para rechazar la solicitud debe escribir el motivo.'),
    ).toBeInTheDocument();
    await user.type(within(region).getByLabelText('Motivo del rechazo'), 'No hay relación.');
    await user.click(within(region).getByRole('button', { name: 'Responder solicitud' }));
    await waitFor(() => expect(answers(calls)).toHaveLength(1));
    expect(answers(calls)[0]!.body).toEqual({ decision: 'rechazada', motivo: 'No hay relación.' });
    expect(
      await within(region).findByText(
        'El caso no tiene una solicitud de cambio de investigador/a por responder.',
      ),
    ).toBeInTheDocument();
  });

  it('shows investigators the request without its reason and no answer', async () => {
    setup(INVESTIGATOR, null);
    const region = await panel();
    expect(region).toHaveTextContent(
      'El motivo solo lo leen las personas que administran el canal y auditan.',
    );
    expect(
      within(region).queryByRole('button', { name: 'Responder solicitud' }),
    ).not.toBeInTheDocument();
  });

  it('lets auditors read it without answering', async () => {
    setup(AUDITOR, REASON);
    const region = await panel();
    expect(region).toHaveTextContent(REASON);
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('the open requests, as a task', () => {
  const task = {
    id: 3,
    fecha: '2026-03-04T15:00:00.000Z',
    motivo: REASON,
    investigador: null,
    caso: { id: 7, numero: 'CD-2026-00007' },
  };

  it('lists them for administrators, each with a link to its case', async () => {
    server.use(staffApi.replacementTasks(ok({ solicitudes: [task] })));
    renderStaffPage(<ReplacementTasksBanner />, { path: '/gestion', user: ADMIN });
    const banner = await screen.findByRole('region', { name: 'Solicitudes por responder' });
    expect(banner).toHaveTextContent('1 solicitud de cambio de investigador/a por responder');
    expect(within(banner).getByRole('link', { name: 'Caso CD-2026-00007' })).toHaveAttribute(
      'href',
      '/gestion/casos/7',
    );
  });

  it('never asks for them for investigators', async () => {
    const calls = recordRequests();
    renderStaffPage(<ReplacementTasksBanner />, { path: '/gestion', user: INVESTIGATOR });
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(calls, 'GET', '/v1/gestion/solicitudes')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Solicitudes por responder' })).toBeNull();
  });
});
