// Open requests to replace an investigator, across cases (administrators and auditors).
import { useQuery } from '@tanstack/react-query';
import type { StaffRole } from '@canal/shared';
import { contract, type ReplacementTaskWire } from '@canal/shared/contract';
import { mayCall } from '../call';
import { staffKeys } from '../keys';
import { useStaffApi } from '../StaffApiProvider';
import { toReplacementRequest } from './case';

/** An open request in the administrators' task list, with its case. */
export const toReplacementTask = (wire: ReplacementTaskWire) => ({
  ...toReplacementRequest(wire),
  case: { id: wire.caso.id, number: wire.caso.numero },
});
export type ReplacementTask = ReturnType<typeof toReplacementTask>;

/** Who reads the open requests (administrators and auditors), as their contract entry says. */
export const readsReplacementTasks = (role: StaffRole) =>
  mayCall(contract.listReplacementRequests, role);

/** Open requests to replace an investigator (every five minutes). */
export function useReplacementTasks(enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.replacementTasks(),
    queryFn: async () =>
      (await api(contract.listReplacementRequests, {})).solicitudes.map(toReplacementTask),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}
