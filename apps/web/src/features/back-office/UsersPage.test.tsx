import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { organizationByKey } from '@canal/shared';
import { UsersPage } from './UsersPage';
import { ADMIN, INVESTIGATOR, renderStaffPage, stubStaffApi } from './test-support';

describe('the users page', () => {
  it('invites a person with a role and organisations', async () => {
    const invite = vi.fn().mockResolvedValue({ ...INVESTIGATOR, id: 9 });
    const api = stubStaffApi({ users: vi.fn().mockResolvedValue([ADMIN, INVESTIGATOR]), invite });
    renderStaffPage(<UsersPage />, { api, path: '/gestion/usuarios', route: 'usuarios' });
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
    await waitFor(() => expect(invite).toHaveBeenCalled());
    expect(invite.mock.calls[0]![0]).toEqual({ email: 'nueva@empresa.cl', nombre: 'Nueva Investigadora', rol: 'investigador', organizaciones: [organizationByKey('clinica-atacama').id] });
    expect(await screen.findByRole('status')).toHaveTextContent('Invitación enviada a nueva@empresa.cl.');
  });

  it('deactivates and re-sends an invitation', async () => {
    const updateUser = vi.fn().mockResolvedValue({ ...INVESTIGATOR, activo: false });
    const reinvite = vi.fn().mockResolvedValue({ message: 'Invitación enviada.' });
    const api = stubStaffApi({ users: vi.fn().mockResolvedValue([ADMIN, INVESTIGATOR]), updateUser, reinvite });
    renderStaffPage(<UsersPage />, { api, path: '/gestion/usuarios', route: 'usuarios' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Desactivar a ${INVESTIGATOR.nombre}` }));
    await waitFor(() => expect(updateUser).toHaveBeenCalledWith(INVESTIGATOR.id, { activo: false }));
    await user.click(screen.getByRole('button', { name: `Reenviar invitación a ${INVESTIGATOR.nombre}` }));
    await waitFor(() => expect(reinvite.mock.calls[0]![0]).toBe(INVESTIGATOR.id));
    // An administrator cannot deactivate themselves from here.
    expect(screen.queryByRole('button', { name: `Desactivar a ${ADMIN.nombre}` })).not.toBeInTheDocument();
  });
});
