import { STATUS_CLOSED } from '@canal/shared';
import { managerReferralFor, regimeForType, type MilestoneKey } from '../../core/deadlines';
import { caseMilestones } from '../../core/deadlines/next-due';
import type { ComplaintRow } from '../../core/complaints/repository';

export const milestoneKeysOf = (typeId: number): MilestoneKey[] =>
  regimeForType(typeId).rules.map((r) => r.key);

/** A case's milestones as the back office shows them: due dates, soon/overdue marks, what was recorded. */
export function milestonesView(
  row: ComplaintRow,
  completed: Partial<Record<MilestoneKey, Date>>,
  now: Date,
  /** Keys the system recorded itself. */
  bySystem: readonly string[] = [],
) {
  const closed = row.status === STATUS_CLOSED;
  const referral = managerReferralFor(row.type_id, row.refer_to_dt);
  return caseMilestones({
    typeId: row.type_id,
    receivedAt: row.created_at,
    completed,
    closed,
    now,
  }).map((m) => ({
    clave: m.key,
    nombre: m.label,
    vence: m.dueDate,
    // A closed case keeps its duties after closing pending; what else was not recorded stays
    // visible as not done.
    estado: !m.tracked && m.state !== 'done' ? ('no_registrado' as const) : m.state,
    completado: completed[m.key] ? completed[m.key]!.toISOString().slice(0, 10) : null,
    atrasado: m.late,
    por_silencio: m.lapsed,
    provisorio: m.provisional,
    informa_denunciante: m.informsComplainant,
    se_informa: m.complainantIsTold,
    responsable: m.responsible,
    registra_cierre: m.recordedByClosing,
    tras_cierre: m.afterClosing,
    por_sistema: bySystem.includes(m.key),
    nota: referral?.milestone === m.key ? referral.note : null,
  }));
}
