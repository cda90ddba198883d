// A complaint received verbally, in writing or in person, recorded by staff: its receipt.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffIntakePayload } from '@canal/shared';
import { contract, type IntakeReceiptWire } from '@canal/shared/contract';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';
import { toNamedRef } from './cases/summary';

/** What the receipt shows (the activation link only here). */
export const toIntakeReceipt = (wire: IntakeReceiptWire) => ({
  caseId: wire.id,
  caseNumber: wire.numero,
  ticket: wire.ticket,
  organization: toNamedRef(wire.organizacion),
  channel: wire.canal,
  /** ISO 8601 instant. */
  recordedAt: wire.fecha,
  activationUrl: wire.activacion.url,
  /** ISO 8601 instant. */
  activationExpiresAt: wire.activacion.vence,
  mailSent: wire.correo_enviado,
});
export type IntakeReceipt = ReturnType<typeof toIntakeReceipt>;

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
