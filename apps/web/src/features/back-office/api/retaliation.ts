import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contract,
  type RetaliationReportWire,
  type RetaliationSettingsWire,
} from '@canal/shared/contract';
import type { StaffRole } from '@canal/shared';
import { mayCall } from './call';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

// Protection after closing (issue 22, decision 0060): the open reports of retaliation the inbox
// lists, attending one, and the days each organisation asks on (administrators).

export const fromRetaliationReport = (wire: RetaliationReportWire) => ({
  id: wire.id,
  case: { id: wire.caso.id, number: wire.caso.numero },
  /** yyyy-mm-dd */
  reportedOn: wire.fecha,
  /** yyyy-mm-dd */
  dueOn: wire.vence,
  overdue: wire.vencida,
});
export type RetaliationReport = ReturnType<typeof fromRetaliationReport>;

export const fromRetaliationSettings = (wire: RetaliationSettingsWire) => ({
  organizationId: wire.organizacion,
  days: wire.dias,
  updatedAt: wire.actualizado,
});
export type RetaliationSettings = ReturnType<typeof fromRetaliationSettings>;

/** Who may record that a report was attended, as its contract entry says. */
export const attendsRetaliation = (role: StaffRole) =>
  mayCall(contract.attendRetaliationReport, role);

export function useRetaliationReports() {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.retaliationReports(),
    queryFn: async () =>
      (await api(contract.listRetaliationReports, {})).avisos.map(fromRetaliationReport),
    refetchInterval: 5 * 60_000,
  });
}

export function useAttendRetaliation() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api(contract.attendRetaliationReport, { params: { id } })).message,
    // The inbox's list and the case page's panel both read it again.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.cases() }),
        client.invalidateQueries({ queryKey: staffKeys.everyCase() }),
      ]),
  });
}

export function useRetaliationSettings(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    enabled,
    queryKey: staffKeys.retaliationSettings(),
    queryFn: async () =>
      (await api(contract.getRetaliationSettings, {})).organizaciones.map(fromRetaliationSettings),
  });
}

export function useSaveRetaliationSettings() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { organizationId: string; days: number[] }) =>
      fromRetaliationSettings(
        await api(contract.updateRetaliationSettings, {
          body: { organizacion: change.organizationId, dias: change.days },
        }),
      ),
    onSuccess: (saved) =>
      client.setQueryData(
        staffKeys.retaliationSettings(),
        (list: RetaliationSettings[] | undefined) =>
          list?.map((s) => (s.organizationId === saved.organizationId ? saved : s)),
      ),
  });
}
