import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BreachInput } from '@canal/shared';
import { buildRequest, contract, type BreachWire } from '@canal/shared/contract';
import { bodyNames } from './names';
import { useStaffApi } from './StaffApiProvider';

// The register of security incidents (Law 21.719, issue 19): the calls through the contract,
// their query key, hooks and mappers both ways, in one module.

export const fromBreach = (wire: BreachWire) => ({
  id: wire.id,
  detectedOn: wire.detectada,
  description: wire.descripcion,
  organizationIds: wire.organizaciones,
  cases: wire.casos.map((c) => ({ number: c.numero, notifiedAt: c.avisado })),
  dataKinds: wire.datos,
  risk: wire.riesgo,
  assessment: wire.evaluacion,
  measures: wire.medidas,
  agencyNotifiedOn: wire.aviso_agencia,
  subjectsNotifiedOn: wire.aviso_personas,
  recordedAt: wire.registrada,
  recordedBy: wire.registrada_por,
});
export type Breach = ReturnType<typeof fromBreach>;

/** An incident as the form holds it and the body it becomes. */
export const breachNames = bodyNames<BreachInput>()({
  detectedOn: 'detectada',
  description: 'descripcion',
  organizationIds: 'organizaciones',
  caseNumbers: 'casos',
  dataKinds: 'datos',
  risk: 'riesgo',
  assessment: 'evaluacion',
  measures: 'medidas',
  agencyNotifiedOn: 'aviso_agencia',
  subjectsNotifiedOn: 'aviso_personas',
});
export type BreachChange = Parameters<typeof breachNames.toWire>[0];

export const breachKeys = { all: () => ['gestion', 'brechas'] as const };

/** The register as CSV (a download the browser opens with the session cookie). */
export const breachesCsvUrl = () => buildRequest(contract.exportBreachesCsv, {}).url;

export function useBreaches(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    enabled,
    queryKey: breachKeys.all(),
    queryFn: async () => (await api(contract.listBreaches, {})).brechas.map(fromBreach),
  });
}

export function useBreachActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: breachKeys.all() });
  return {
    save: useMutation({
      mutationFn: async ({ id, change }: { id: number | null; change: BreachChange }) => {
        const body = breachNames.toWire(change);
        return fromBreach(
          id === null
            ? await api(contract.createBreach, { body })
            : await api(contract.updateBreach, { params: { id }, body }),
        );
      },
      onSuccess: refresh,
    }),
    /** Tells the complainants of its cases not told yet: how many, and how many by mail. */
    notify: useMutation({
      mutationFn: async (id: number) => {
        const answer = await api(contract.notifyBreachSubjects, { params: { id } });
        return { told: answer.avisados, mailed: answer.correos };
      },
      onSuccess: refresh,
    }),
  };
}
