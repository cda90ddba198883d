// Staff users (administrators): the list, inviting, changing and inviting again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '@canal/shared';
import { contract, type RequestOf, type StaffUserWire } from '@canal/shared/contract';
import type { StaffApi } from './call';
import { staffKeys } from './keys';
import { bodyNames } from './names';
import { useStaffApi } from './StaffApiProvider';

export type { StaffRole };

export const toStaffUser = (wire: StaffUserWire) => ({
  id: wire.id,
  email: wire.email,
  name: wire.nombre,
  role: wire.rol,
  /** Organisation ids (GUIDs). */
  organizations: wire.organizaciones,
  active: wire.activo,
  /** The invitation was used: password and second factor are set. */
  activated: wire.activado,
});
export type StaffUser = ReturnType<typeof toStaffUser>;

/** A person as the invitation form holds them, and the body it becomes. */
export const newUserNames = bodyNames<RequestOf<typeof contract.inviteUser>['body']>()({
  email: 'email',
  name: 'nombre',
  role: 'rol',
  organizations: 'organizaciones',
});
export type NewUser = Parameters<typeof newUserNames.toWire>[0];

/** Any part of a person an administrator changes. */
export const userChangeNames = bodyNames<RequestOf<typeof contract.updateUser>['body']>()({
  name: 'nombre',
  role: 'rol',
  organizations: 'organizaciones',
  active: 'activo',
});
export type UserChanges = Parameters<typeof userChangeNames.toWire>[0];

export const fetchUsers = async (api: StaffApi) =>
  (await api(contract.listUsers, {})).map(toStaffUser);

export const usersQuery = (api: StaffApi, enabled = true) => ({
  queryKey: staffKeys.users(),
  queryFn: () => fetchUsers(api),
  enabled,
});

export function useUsers(enabled = true) {
  return useQuery(usersQuery(useStaffApi(), enabled));
}

export function useUserActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  // A person's role, organisations or state change what they see (their own session too) and who
  // receives each organisation's alerts.
  const refresh = () =>
    Promise.all(
      [staffKeys.users(), staffKeys.session(), staffKeys.alertRules(), staffKeys.cases()].map(
        (queryKey) => client.invalidateQueries({ queryKey }),
      ),
    );
  return {
    invite: useMutation({
      mutationFn: async (v: NewUser) =>
        toStaffUser(await api(contract.inviteUser, { body: newUserNames.toWire(v) })),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async (v: { id: number; changes: UserChanges }) =>
        toStaffUser(
          await api(contract.updateUser, {
            params: { id: v.id },
            body: userChangeNames.toWire(v.changes),
          }),
        ),
      onSuccess: refresh,
    }),
    reinvite: useMutation({
      mutationFn: (id: number) => api(contract.reinviteUser, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
