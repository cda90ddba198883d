// Who is told of a new complaint (administrators): the routing rules and who each organisation's
// new complaints reach.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertRuleInput } from '@canal/shared';
import { contract, type AlertCoverageWire, type AlertRuleListWire } from '@canal/shared/contract';
import { staffKeys } from './keys';
import { bodyNames } from './names';
import { useStaffApi } from './StaffApiProvider';

export const toAlertRuleList = (wire: AlertRuleListWire) => ({
  rules: wire.reglas.map((r) => ({
    id: r.id,
    organizationId: r.organizacion,
    /** null: every category of the organisation. */
    category: r.categoria && { id: r.categoria.id, name: r.categoria.nombre },
    person: { id: r.usuario.id, name: r.usuario.nombre },
    /** The case is also assigned to the person. */
    assigns: r.asignar,
  })),
  /** Each organisation's complaint categories, to choose from. */
  categories: wire.categorias.map((c) => ({
    organizationId: c.organizacion,
    id: c.id,
    name: c.nombre,
  })),
});
export type AlertRuleList = ReturnType<typeof toAlertRuleList>;
export type AlertRule = AlertRuleList['rules'][number];

/** Who receives an organisation's new complaints; none: nobody is told of them. */
export const toAlertCoverage = (wire: AlertCoverageWire) =>
  wire.organizaciones.map((o) => ({
    organizationId: o.organizacion,
    receivers: o.receptores.map((r) => ({ id: r.id, name: r.nombre, reason: r.motivo })),
  }));
export type AlertCoverage = ReturnType<typeof toAlertCoverage>[number];
/** Why a person receives every new complaint of an organisation. */
export type AlertReceiverReason = AlertCoverage['receivers'][number]['reason'];

/** A rule as a form holds it and the body it becomes. */
export const alertRuleNames = bodyNames<AlertRuleInput>()({
  organizationId: 'organizacion',
  categoryId: 'categoria_id',
  userId: 'usuario_id',
  assigns: 'asignar',
});
export type AlertRuleValues = Parameters<typeof alertRuleNames.toWire>[0];

/** Who receives each organisation's new complaints (read again every five minutes). */
export function useAlertCoverage(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.alertCoverage(),
    queryFn: async () => toAlertCoverage(await api(contract.alertCoverage, {})),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

export function useAlertRules(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.alertRules(),
    queryFn: async () => toAlertRuleList(await api(contract.listAlertRules, {})),
    enabled,
  });
}

export function useAlertRuleActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.alertRules() });
  return {
    save: useMutation({
      mutationFn: ({ id, rule }: { id: number | null; rule: AlertRuleValues }) => {
        const body = alertRuleNames.toWire(rule);
        return id === null
          ? api(contract.createAlertRule, { body })
          : api(contract.updateAlertRule, { params: { id }, body });
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(contract.deleteAlertRule, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
