import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { breachInputSchema } from '@canal/shared';
import { buildRequest, contract, type BreachWire } from '@canal/shared/contract';
import { z } from 'zod';
import { useStaffApi } from './StaffApiProvider';

// The register of security incidents (Law 21.719, issue 19): the calls through the contract,
// their query key, hooks and mapper, in one module.

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

const rules = breachInputSchema.shape;
/** An empty date field is no date. */
const optionalDay = (schema: typeof rules.aviso_agencia) =>
  z.preprocess((v) => (v === '' ? null : v), schema);

/** A group of checkboxes: one box alone gives its value or false, several an array. */
const checked = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []), schema);

/** The incident form, in front names, with the API's very rules and messages. */
export const breachFormSchema = z.object({
  detectedOn: rules.detectada,
  description: rules.descripcion,
  organizationIds: checked(rules.organizaciones),
  /** Case numbers separated by commas, spaces or lines. */
  caseNumbers: z.preprocess(
    (text) => (typeof text === 'string' ? text.split(/[\s,;]+/).filter(Boolean) : text),
    rules.casos,
  ),
  dataKinds: checked(rules.datos),
  risk: rules.riesgo,
  assessment: rules.evaluacion,
  measures: rules.medidas,
  agencyNotifiedOn: optionalDay(rules.aviso_agencia),
  subjectsNotifiedOn: optionalDay(rules.aviso_personas),
});
export type BreachForm = z.input<typeof breachFormSchema>;
export type BreachChange = z.output<typeof breachFormSchema>;

export const toBreachInput = (b: BreachChange) => ({
  detectada: b.detectedOn,
  descripcion: b.description,
  organizaciones: b.organizationIds,
  casos: b.caseNumbers,
  datos: b.dataKinds,
  riesgo: b.risk,
  evaluacion: b.assessment,
  medidas: b.measures,
  aviso_agencia: b.agencyNotifiedOn,
  aviso_personas: b.subjectsNotifiedOn,
});

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
        const body = toBreachInput(change);
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
