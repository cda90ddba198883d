// A complaint received verbally, in writing or in person, recorded by staff: its receipt, and a new
// activation handed over in person later (decision 0075).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffIntakePayload } from '@canal/shared';
import {
  contract,
  type ActivationReceiptWire,
  type IntakeReceiptWire,
} from '@canal/shared/contract';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';
import { toNamedRef } from './cases/summary';

/** The activation the paper carries: a link (QR) and its short code, one lifetime. */
const toActivation = (wire: IntakeReceiptWire['activacion']) => ({
  activationUrl: wire.url,
  activationCode: wire.codigo,
  /** The portal page where the code is typed (absolute). */
  activationPage: wire.pagina,
  /** ISO 8601 instant. */
  activationExpiresAt: wire.vence,
});

/** What the receipt shows (the activation only here). */
export const toIntakeReceipt = (wire: IntakeReceiptWire) => ({
  kind: 'intake' as const,
  caseId: wire.id,
  caseNumber: wire.numero,
  ticket: wire.ticket,
  organization: toNamedRef(wire.organizacion),
  channel: wire.canal,
  /** ISO 8601 instant. */
  recordedAt: wire.fecha,
  ...toActivation(wire.activacion),
  mailSent: wire.correo_enviado,
});
export type IntakeReceipt = ReturnType<typeof toIntakeReceipt>;

/** A new activation's receipt: no follow-up code (the person learns it by activating). */
export const toActivationReceipt = (wire: ActivationReceiptWire) => ({
  kind: 'reissue' as const,
  caseId: wire.id,
  caseNumber: wire.numero,
  organization: toNamedRef(wire.organizacion),
  ...toActivation(wire.activacion),
});
export type ActivationReceipt = ReturnType<typeof toActivationReceipt>;

/** Records a complaint; on success the inbox is read again. */
export function useRecordComplaint() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: StaffIntakePayload) =>
      toIntakeReceipt(await api(contract.recordComplaint, { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.cases() }),
  });
}

/** Hands over a new activation, the person identified in person; the case's log is read again. */
export function useReissueActivation(caseId: number) {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      toActivationReceipt(
        await api(contract.reissueActivation, {
          params: { id: caseId },
          body: { identidad_verificada: true },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.case(caseId) }),
  });
}
