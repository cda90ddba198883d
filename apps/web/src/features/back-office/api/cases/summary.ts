// A case as the inbox lists it, and the named references every case answer carries.
import type { CaseSummaryWire } from '@canal/shared/contract';

export const toNamedRef = <Id>(wire: { id: Id; nombre: string }) => ({
  id: wire.id,
  name: wire.nombre,
});
export type NamedRef<Id = number> = ReturnType<typeof toNamedRef<Id>>;

export const toCaseSummary = (wire: CaseSummaryWire) => ({
  id: wire.id,
  number: wire.numero,
  organization: toNamedRef(wire.organizacion),
  status: wire.estado,
  category: wire.categoria,
  type: wire.tipo,
  typeId: wire.tipo_id,
  anonymous: wire.anonima,
  /** `portal`, or how staff received it. */
  channel: wire.canal,
  /** ISO 8601 instant. */
  receivedAt: wire.fecha_ingreso,
  /** yyyy-mm-dd, or null when nothing is pending. */
  nextDue: wire.proximo_vencimiento,
  overdue: wire.vencido,
  /** Due within the legal "soon" window (working days). */
  dueSoon: wire.por_vencer,
  assignee: wire.asignado && toNamedRef(wire.asignado),
  /** Risk/priority staff set, or null. */
  priority: wire.prioridad,
  tags: wire.etiquetas,
  /** Law 21.643 against the employer's manager or legal representative: must go to the DT. */
  mustReferToDt: wire.derivar_dt,
});
export type CaseSummary = ReturnType<typeof toCaseSummary>;
