import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE, organizationByKey } from '@canal/shared';
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

  it('says «Todas» only for an administrator who names no organisation, and what checking means', async () => {
    const calls = recordRequests();
    const headOffice = {
      ...ADMIN,
      id: 5,
      nombre: 'Admin Casa Matriz',
      organizaciones: [HEAD_OFFICE.id],
    };
    server.use(
      staffApi.users(ok([ADMIN, headOffice, INVESTIGATOR])),
      staffApi.updateUser(ok({ ...headOffice, organizaciones: [] })),
    );
    renderStaffPage(<UsersPage />, { path: '/gestion/usuarios', route: 'usuarios' });
    const user = userEvent.setup();
    const rowOf = async (name: string) =>
      (await screen.findByRole('rowheader', { name })).closest('tr')!;
    expect(within(await rowOf(ADMIN.nombre)).getByText('Todas')).toBeInTheDocument();
    expect(within(await rowOf(headOffice.nombre)).queryByText('Todas')).not.toBeInTheDocument();
    expect(
      within(await rowOf(headOffice.nombre)).getByText(HEAD_OFFICE.shortName),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Modificar a ${headOffice.nombre}` }));
    const dialog = await screen.findByRole('dialog', { name: `Modificar a ${headOffice.nombre}` });
    const organizations = within(dialog).getByRole('group', { name: 'Organizaciones' });
    expect(organizations).toHaveAccessibleDescription(
      'Trabaja solo en las organizaciones marcadas: ve sus casos y recibe sus avisos. Para que trabaje en todas, déjelas sin marcar.',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: HEAD_OFFICE.shortName }));
    expect(organizations).toHaveAccessibleDescription(
      'Sin organizaciones marcadas, trabaja en todas: ve sus casos y recibe los avisos de cada denuncia nueva de todas ellas.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Rol'), 'investigador');
    expect(organizations).toHaveAccessibleDescription(
      'Sin organizaciones marcadas no verá ningún caso.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Rol'), 'administrador');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PATCH', `/v1/gestion/usuarios/${headOffice.id}`)[0]?.body).toEqual({
        nombre: headOffice.nombre,
        rol: 'administrador',
        organizaciones: [],
      }),
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

describe('passkeys on the users page (decision 0076)', () => {
  it('requires passkeys of administrators with one check, and resets a person’s after confirming', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.users(ok([ADMIN, INVESTIGATOR])),
      staffApi.updateSecurityPolicy(ok({ llaves_obligatorias_administradores: true })),
      staffApi.resetUserPasskeys(ok({ eliminadas: 2 })),
    );
    renderStaffPage(<UsersPage />, { path: '/gestion/usuarios', route: 'usuarios' });
    const user = userEvent.setup();
    const policy = await screen.findByRole('checkbox', {
      name: /Exigir llave de acceso a las personas administradoras/,
    });
    expect(policy).not.toBeChecked();
    await user.click(policy);
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/seguridad')[0]?.body).toEqual({
        llaves_obligatorias_administradores: true,
      }),
    );
    expect(await screen.findByText(/deben ingresar con llave de acceso/)).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', {
        name: `Restablecer llaves de acceso de ${INVESTIGATOR.nombre}`,
      }),
    );
    // Nothing is removed before the person confirms.
    expect(callsTo(calls, 'DELETE', `/v1/gestion/usuarios/${INVESTIGATOR.id}/llaves`)).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Restablecer' }));
    await waitFor(() =>
      expect(
        callsTo(calls, 'DELETE', `/v1/gestion/usuarios/${INVESTIGATOR.id}/llaves`),
      ).toHaveLength(1),
    );
    expect(
      await screen.findByText(/Se eliminaron 2 llaves de acceso de .* y se cerraron sus sesiones/),
    ).toBeInTheDocument();
    // Not for oneself.
    expect(
      screen.queryByRole('button', { name: `Restablecer llaves de acceso de ${ADMIN.nombre}` }),
    ).not.toBeInTheDocument();
  });
});
