// Mail the outbox gave up on after its last attempt (administrators).
import { useQuery } from '@tanstack/react-query';
import { contract, type FailedMailListWire } from '@canal/shared/contract';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

export const toFailedMailList = (wire: FailedMailListWire) => ({
  total: wire.total,
  mails: wire.correos.map((c) => ({
    id: c.id,
    /** The mail's kind (confirmation, password-reset …); never its recipient or content. */
    kind: c.tipo,
    attempts: c.intentos,
    /** ISO 8601 instants. */
    queuedAt: c.creado,
    failedAt: c.fallido,
  })),
});
export type FailedMailList = ReturnType<typeof toFailedMailList>;

/** Checked every five minutes. */
export function useFailedMails(enabled: boolean) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.failedMails(),
    queryFn: async () => toFailedMailList(await api(contract.failedMails, {})),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}
