// A case's retention (/v1/gestion/casos/:id/conservacion, Law 21.719, decision 0046): the day its
// period ends, its legal hold and block, or the tombstone of an erased case; administrators set
// and lift a hold or a block.
import { useQuery } from '@tanstack/react-query';
import { contract, type CaseRetentionWire } from '@canal/shared/contract';
import { staffKeys } from '../keys';
import { useStaffApi } from '../StaffApiProvider';
import { useCaseMutation } from './case';
import { toNamedRef } from './summary';

const toRestriction = (w: NonNullable<CaseRetentionWire['bloqueo']>) => ({
  reason: w.motivo,
  by: w.por,
  /** ISO instant. */
  since: w.desde,
});
export type CaseRestriction = ReturnType<typeof toRestriction>;

/** What stays of an erased case: no personal data. Days yyyy-mm-dd (Chile). */
const toTombstone = (w: NonNullable<CaseRetentionWire['eliminado']>) => ({
  number: w.numero,
  organization: toNamedRef(w.organizacion),
  category: w.categoria,
  type: w.tipo,
  status: w.estado,
  anonymous: w.anonima,
  receivedOn: w.recibida,
  closedOn: w.cerrada,
  erasedOn: w.eliminada,
});
export type CaseTombstone = ReturnType<typeof toTombstone>;

export const toCaseRetention = (wire: CaseRetentionWire) => ({
  tombstone: wire.eliminado ? toTombstone(wire.eliminado) : null,
  legalHold: wire.conservacion ? toRestriction(wire.conservacion) : null,
  block: wire.bloqueo ? toRestriction(wire.bloqueo) : null,
  /** yyyy-mm-dd: the day a closed case's retention period ends. */
  dueOn: wire.vence,
});
export type CaseRetention = ReturnType<typeof toCaseRetention>;

export type RestrictionKind = 'conservacion' | 'bloqueo';

/** A case's retention: its due day, legal hold, block, or the tombstone of an erased case. */
export function useCaseRetention(id: number) {
  const api = useStaffApi();
  return useQuery({
    queryKey: [...staffKeys.case(id), 'conservacion'] as const,
    queryFn: async () => toCaseRetention(await api(contract.viewCaseRetention, { params: { id } })),
  });
}

/** Sets or lifts a legal hold or a block: the case (and its retention) are read again. */
export function useRestrictionActions(id: number) {
  const api = useStaffApi();
  const params = { id };
  const set = (kind: RestrictionKind, reason: string) =>
    kind === 'conservacion'
      ? api(contract.setLegalHold, { params, body: { motivo: reason } })
      : api(contract.setCaseBlock, { params, body: { motivo: reason } });
  return {
    hold: useCaseMutation(id, (reason: string) => set('conservacion', reason)),
    block: useCaseMutation(id, (reason: string) => set('bloqueo', reason)),
    lift: useCaseMutation(id, (kind: RestrictionKind) =>
      kind === 'conservacion'
        ? api(contract.liftLegalHold, { params })
        : api(contract.liftCaseBlock, { params }),
    ),
  };
}
