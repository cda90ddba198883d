import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffSessionItemWire } from '@canal/shared/contract';
import { SessionsPage } from './SessionsPage';
import { UsersPage } from './UsersPage';
import { StaffLayout } from './StaffLayout';
import { ADMIN, INVESTIGATOR, renderStaffPage } from '../../test/back-office';
import { ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';

const CURRENT: StaffSessionItemWire = {
  id: 11,
  dispositivo: 'Chrome 131 en Windows 10',
  metodo: 'password',
  iniciada: '2026-03-02T12:00:00.000Z',
  ultima_actividad: '2026-03-02T12:30:00.000Z',
  actual: true,
};
const PHONE: StaffSessionItemWire = {
  ...CURRENT,
  id: 12,
  dispositivo: 'Safari 18 en iOS',
  metodo: 'oidc',
  iniciada: '2026-03-01T15:00:00.000Z',
  ultima_actividad: '2026-03-01T15:10:00.000Z',
  actual: false,
};
const TABLET: StaffSessionItemWire = { ...PHONE, id: 13, dispositivo: 'Firefox 133 en Linux' };

describe('my sessions', () => {
  it('lists the device, how, when started and last active; ends one other session', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.mySessions(ok([CURRENT, PHONE, TABLET]), ok([CURRENT, TABLET])),
      staffApi.endMySession({ status: 204, body: undefined }),
    );
    renderStaffPage(<SessionsPage />, { path: '/gestion/sesiones', route: 'sesiones' });
    const user = userEvent.setup();
    const phoneRow = (await screen.findByRole('rowheader', { name: 'Safari 18 en iOS' })).closest(
      'tr',
    )!;
    expect(within(phoneRow).getByText('Inicio de sesión único')).toBeInTheDocument();
    expect(within(phoneRow).getByText('01-03-2026 / 12:00:00')).toBeInTheDocument();
    expect(within(phoneRow).getByText('01-03-2026 / 12:10:00')).toBeInTheDocument();
    const currentRow = screen.getByRole('rowheader', { name: CURRENT.dispositivo }).closest('tr')!;
    expect(within(currentRow).getByText('Esta sesión')).toBeInTheDocument();
    // The session in use ends with «Cerrar sesión» in the header, not from the list.
    expect(within(currentRow).queryByRole('button')).not.toBeInTheDocument();

    await user.click(
      within(phoneRow).getByRole('button', {
        name: 'Cerrar la sesión de Safari 18 en iOS iniciada el 01-03-2026 / 12:00:00',
      }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'DELETE', '/v1/gestion/sesiones/12')).toHaveLength(1),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Se cerró la sesión de Safari 18 en iOS.',
    );
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Safari 18 en iOS' })).not.toBeInTheDocument(),
    );
  });

  it('ends every other session at once; with none left the button goes', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.mySessions(ok([CURRENT, PHONE, TABLET]), ok([CURRENT])),
      staffApi.endMyOtherSessions(ok({ cerradas: 2 })),
    );
    renderStaffPage(<SessionsPage />, { path: '/gestion/sesiones', route: 'sesiones' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar las demás sesiones' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/v1/gestion/sesiones')).toHaveLength(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Se cerraron 2 sesiones.');
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Cerrar las demás sesiones' }),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('an administrator on the users page', () => {
  it('ends every session of a person', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.users(ok([ADMIN, INVESTIGATOR])),
      staffApi.endUserSessions(ok({ cerradas: 3 })),
    );
    renderStaffPage(<UsersPage />, { path: '/gestion/usuarios', route: 'usuarios' });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Cerrar sesiones de ${INVESTIGATOR.nombre}` }),
    );
    await waitFor(() =>
      expect(
        callsTo(calls, 'DELETE', `/v1/gestion/usuarios/${INVESTIGATOR.id}/sesiones`),
      ).toHaveLength(1),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Se cerraron las sesiones de ${INVESTIGATOR.nombre} (3).`,
    );
    // Not offered on the administrator's own row: they sign out instead.
    expect(
      screen.queryByRole('button', { name: `Cerrar sesiones de ${ADMIN.nombre}` }),
    ).not.toBeInTheDocument();
  });
});

describe('passkeys (decision 0076)', () => {
  it('lists the person’s passkeys with their last use and removes one', async () => {
    const calls = recordRequests();
    const laptop = {
      id: 4,
      nombre: 'Portátil',
      creada: '2026-03-01T15:00:00.000Z',
      ultimo_uso: '2026-03-02T12:00:00.000Z',
    };
    const phone = { ...laptop, id: 5, nombre: 'Teléfono', ultimo_uso: null };
    server.use(
      staffApi.mySessions(ok([CURRENT])),
      staffApi.myPasskeys(ok([laptop, phone]), ok([laptop])),
      staffApi.removePasskey({ status: 204, body: undefined }),
    );
    renderStaffPage(<SessionsPage />, { path: '/gestion/sesiones', route: 'sesiones' });
    const user = userEvent.setup();
    const phoneRow = (await screen.findByRole('rowheader', { name: 'Teléfono' })).closest('tr')!;
    expect(within(phoneRow).getByText('Nunca')).toBeInTheDocument();
    const laptopRow = screen.getByRole('rowheader', { name: 'Portátil' }).closest('tr')!;
    expect(within(laptopRow).getByText('02-03-2026 / 09:00:00')).toBeInTheDocument();
    await user.click(
      within(phoneRow).getByRole('button', { name: 'Eliminar la llave de acceso «Teléfono»' }),
    );
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/v1/gestion/llaves/5')).toHaveLength(1));
    expect(
      await screen.findByText('Se eliminó la llave de acceso «Teléfono».'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Teléfono' })).not.toBeInTheDocument(),
    );
  });

  it('shows an administrator the policy requires a passkey of nothing but its registration', async () => {
    renderStaffPage(<StaffLayout />, {
      path: '/gestion',
      route: '',
      passkeyPending: true,
    });
    expect(await screen.findByText(/Registre una ahora para continuar/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Llaves de acceso' })).toBeInTheDocument();
  });
});
