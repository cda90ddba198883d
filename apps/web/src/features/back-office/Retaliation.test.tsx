import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { InboxPage } from './InboxPage';
import { PrivacySettingsPage } from './PrivacySettingsPage';
import { AUDITOR, INVESTIGATOR, renderStaffPage } from '../../test/back-office';
import { ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';
import { isoTodayInChile } from './components/format';

const report = (over = {}) => ({
  id: 4,
  caso: { id: 31, numero: 'MAS-2026-00031' },
  fecha: '2026-11-20',
  vence: '2026-11-25',
  vencida: true,
  ...over,
});

const EMPTY_INBOX = ok({ total: 0, limite: 25, desplazamiento: 0, siguiente: null, casos: [] });

describe('reports of retaliation in the inbox (decision 0060)', () => {
  it('lists each with its own deadline and records it attended', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.inbox(EMPTY_INBOX),
      staffApi.retaliationReports(
        ok({ avisos: [report(), report({ id: 5, vence: isoTodayInChile(), vencida: false })] }),
        ok({ avisos: [report({ id: 5, vence: isoTodayInChile(), vencida: false })] }),
      ),
      staffApi.attendRetaliation(ok({ message: 'Listo.' })),
    );
    renderStaffPage(<InboxPage />, { path: '/gestion', user: INVESTIGATOR });
    const region = await screen.findByRole('region', {
      name: '2 avisos de represalias por atender',
    });
    const [overdue, today] = within(region).getAllByRole('listitem');
    expect(overdue).toHaveTextContent('informado el 20-11-2026 · vencido el 25-11-2026');
    expect(within(overdue!).getByRole('link', { name: 'Caso MAS-2026-00031' })).toHaveAttribute(
      'href',
      '/gestion/casos/31',
    );
    expect(today).toHaveTextContent('Vence hoy');
    await userEvent.click(
      within(overdue!).getByRole('button', {
        name: 'Registrar como atendido el aviso del caso MAS-2026-00031',
      }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/represalias/4/atendido')).toHaveLength(1),
    );
    expect(
      await screen.findByRole('region', { name: '1 aviso de represalias por atender' }),
    ).toBeInTheDocument();
  });

  it('shows auditors the reports without the action', async () => {
    server.use(
      staffApi.inbox(EMPTY_INBOX),
      staffApi.retaliationReports(ok({ avisos: [report()] })),
    );
    renderStaffPage(<InboxPage />, { path: '/gestion', user: AUDITOR });
    const region = await screen.findByRole('region', {
      name: '1 aviso de represalias por atender',
    });
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the check-in days (administrators)', () => {
  it('shows each organisation’s days and saves new ones, refusing bad ones in Spanish', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.privacySettings(ok({ organizaciones: [] })),
      staffApi.retaliationSettings(
        ok({
          organizaciones: [
            { organizacion: HEAD_OFFICE.id, dias: [30, 90, 180], actualizado: null },
          ],
        }),
      ),
      staffApi.updateRetaliationSettings(
        ok({
          organizacion: HEAD_OFFICE.id,
          dias: [15, 60],
          actualizado: '2026-11-27T15:00:00.000Z',
        }),
      ),
    );
    renderStaffPage(<PrivacySettingsPage />, {
      path: '/gestion/proteccion-datos',
      route: 'proteccion-datos',
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', {
      name: 'Consultas por represalias por organización',
    });
    const row = within(table)
      .getByRole('rowheader', { name: HEAD_OFFICE.shortName })
      .closest('tr')!;
    expect(row).toHaveTextContent('30, 90, 180 días');
    await user.click(
      within(row).getByRole('button', {
        name: `Modificar las consultas por represalias de ${HEAD_OFFICE.shortName}`,
      }),
    );
    const field = screen.getByLabelText('Días después del cierre');
    await user.clear(field);
    await user.type(field, '60, 15, x');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/Indique hasta 6 días distintos/)).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', contract.updateRetaliationSettings.path)).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '60, 15');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', contract.updateRetaliationSettings.path)[0]?.body).toEqual({
        organizacion: HEAD_OFFICE.id,
        dias: [15, 60],
      }),
    );
    expect(await within(row).findByText('15, 60 días')).toBeInTheDocument();
  });
});
