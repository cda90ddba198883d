import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { organizationByKey } from '@canal/shared';
import { UsersPage } from './UsersPage';
import { ADMIN, INVESTIGATOR, renderStaffPage } from '../../test/back-office';
import { accepted, created, ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';

describe('the users page', () => {
  it('invites a person with a role and organisations', async () => {
    const calls = recordRequests();
    const invites = () => callsTo(calls, 'POST', '/v1/gestion/usuarios');
    server.use(
      staffApi.users(ok([ADMIN, INVESTIGATOR])),
      staffApi.invite(created({ ...INVESTIGATOR, id: 9 })),
    );
    renderStaffPage(<UsersPage />, { path: '/gestion/usuarios', route: 'usuarios' });
    const user = userEvent.setup();
    expect(await screen.findByRole('rowheader', { name: INVESTIGATOR.nombre })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invitar usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar usuario' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    expect(await within(dialog).findByText('Debe ingresar el correo.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'nueva@empresa.cl');
    await user.type(within(dialog).getByLabelText('Nombre'), 'Nueva Investigadora');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Clínica Atacama' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    await waitFor(() => expect(invites()).toHaveLength(1));
    await waitFor(() => expect(invites()[0]!.body).toBeDefined());
    expect(invites()[0]!.body).toEqual({
      email: 'nueva@empresa.cl',
      nombre: 'Nueva Investigadora',
      rol: 'investigador',
      organizaciones: [organizationByKey('clinica-atacama').id],
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Invitación enviada a nueva@empresa.cl.',
    );
  });

  it('deactivates and re-sends an invitation', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.users(ok([ADMIN, INVESTIGATOR])),
      staffApi.updateUser(ok({ ...INVESTIGATOR, activo: false })),
      staffApi.reinvite(accepted({ message: 'Invitación enviada.' })),
    );
    renderStaffPage(<UsersPage />, { path: '/gestion/usuarios', route: 'usuarios' });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Desactivar a ${INVESTIGATOR.nombre}` }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'PATCH', `/v1/gestion/usuarios/${INVESTIGATOR.id}`)[0]?.body).toEqual({
        activo: false,
      }),
    );
    await user.click(
      screen.getByRole('button', { name: `Reenviar invitación a ${INVESTIGATOR.nombre}` }),
    );
    await waitFor(() =>
      expect(
        callsTo(calls, 'POST', `/v1/gestion/usuarios/${INVESTIGATOR.id}/invitacion`),
      ).toHaveLength(1),
    );
    // An administrator cannot deactivate themselves from here.
    expect(
      screen.queryByRole('button', { name: `Desactivar a ${ADMIN.nombre}` }),
    ).not.toBeInTheDocument();
  });
});
