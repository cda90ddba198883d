import { MISSING_DOCUMENTS_WORKING_DAYS, STATUS_MISSING_DOCUMENTS } from '@canal/shared';
import type { DenunciaDetalle } from '@canal/shared';
import { LOG_EVENTS } from '../../core/complaints/complaint-log';
import type { ComplaintRow, LogRow } from '../../core/complaints/repository';
import {
  addWorkingDays,
  civilDateInZone,
  computeMilestones,
  regimeForType,
} from '../../core/deadlines';

/**
 * What the summary at the top of the complainant's page says (issue 22, decision 0061), from the
 * product's clock and its working-day calendar: the previous visit, the day to send what
 * "Faltan antecedentes" asks for (MISSING_DOCUMENTS_WORKING_DAYS working days from the day the
 * team asked), and for a Law 21.643 case the days its decision and investigation are due.
 */
export function complaintSummary(
  row: ComplaintRow,
  log: LogRow[],
  now = new Date(),
): DenunciaDetalle['resumen'] {
  const asked =
    row.status === STATUS_MISSING_DOCUMENTS
      ? log.findLast((e) => e.event === LOG_EVENTS.status(STATUS_MISSING_DOCUMENTS))
      : undefined;
  const regime = regimeForType(row.type_id);
  let law: DenunciaDetalle['resumen']['plazos_ley_21643'] = null;
  if (regime.id === 'ley_21643') {
    const due = new Map(
      computeMilestones({ typeId: row.type_id, receivedAt: row.created_at, now }).map((m) => [
        m.key,
        m.dueDate,
      ]),
    );
    const decision = due.get('decision_y_aviso_dt');
    const investigation = due.get('investigacion_cerrada');
    if (decision && investigation) law = { decision, investigacion: investigation };
  }
  return {
    visita_anterior: row.complainant_previous_visit_at?.toISOString() ?? null,
    antecedentes_hasta: asked
      ? addWorkingDays(civilDateInZone(asked.created_at), MISSING_DOCUMENTS_WORKING_DAYS)
      : null,
    plazos_ley_21643: law,
  };
}
