// The sessions a person sees and ends (issue 24), and an administrator's end of all of someone's.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type StaffSessionItemWire } from '@canal/shared/contract';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

export const toSessionItem = (wire: StaffSessionItemWire) => ({
  id: wire.id,
  /** Browser and system («Chrome 131 en Windows 10»). */
  device: wire.dispositivo,
  /** How it was opened: password and code, single sign-on or a passkey. */
  method: wire.metodo,
  /** ISO 8601 instants. */
  startedAt: wire.iniciada,
  lastActiveAt: wire.ultima_actividad,
  /** The session this page is using. */
  current: wire.actual,
});
export type SessionItem = ReturnType<typeof toSessionItem>;

export const SIGN_IN_METHOD_LABELS: Record<SessionItem['method'], string> = {
  password: 'Contraseña y código',
  oidc: 'Inicio de sesión único',
  passkey: 'Llave de acceso',
};

export function useMySessions() {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.mySessions(),
    queryFn: async () => (await api(contract.listMySessions, {})).map(toSessionItem),
  });
}

export function useSessionActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.mySessions() });
  return {
    endOne: useMutation({
      mutationFn: (id: number) => api(contract.endMySession, { params: { id } }),
      onSuccess: refresh,
    }),
    endOthers: useMutation({
      mutationFn: async () => (await api(contract.endMyOtherSessions, {})).cerradas,
      onSuccess: refresh,
    }),
    /** An administrator ends every session of a person. */
    endAllOf: useMutation({
      mutationFn: async (userId: number) =>
        (await api(contract.endUserSessions, { params: { id: userId } })).cerradas,
      onSuccess: refresh,
    }),
  };
}
