import { STATUS_CLOSED } from '@canal/shared';
import type { Db } from '../../../db/database';
import { AppError } from '../../../errors';
import type { Services } from '../../../core/services';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { ComplaintRow } from '../../../core/complaints/repository';
import {
  civilDateInZone,
  isCivilDate,
  regimeForType,
  type MilestoneKey,
} from '../../../core/deadlines';
import { caseMilestonesStore } from '../../../core/deadlines/case-milestones-store';
import { caseMilestones } from '../../../core/deadlines/next-due';
import { notifyComplainant } from '../../../core/notifications/notify';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { logChange, refreshNextDue, today } from './change';

export interface MilestoneRecord {
  fecha: string;
  comentario?: string;
}

/**
 * A legal milestone recorded as done on a date. Those the complainant must be told about (the
 * deadline table says which) go to their log as a visible entry with what they are told, and mail
 * them; the others stay internal.
 */
export async function recordMilestone(
  services: Services,
  user: StaffUser,
  id: number,
  key: string,
  input: MilestoneRecord,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  const rule = regimeForType(row.type_id).rules.find((r) => r.key === key);
  if (!rule) throw new AppError('VALIDATION', 'El hito no corresponde a este tipo de denuncia.');
  if (row.status === STATUS_CLOSED) await assertTrackedAfterClosing(services.db, row, rule.key);
  if (!isCivilDate(input.fecha))
    throw new AppError('VALIDATION', 'La fecha del hito no es válida (aaaa-mm-dd).');
  if (input.fecha > today())
    throw new AppError('VALIDATION', 'La fecha del hito no puede ser futura.');
  if (input.fecha < civilDateInZone(row.created_at))
    throw new AppError(
      'VALIDATION',
      'La fecha del hito no puede ser anterior al ingreso de la denuncia.',
    );
  const comment = input.comentario?.trim() ?? '';
  if (rule.informsComplainant && !comment) {
    throw new AppError(
      'VALIDATION',
      `Debe escribir lo que se informa a la persona denunciante: ${rule.complainantIsTold}.`,
    );
  }
  const dataKey = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    await caseMilestonesStore.record(tx, id, rule.key as MilestoneKey, input.fecha, user.id);
    if (rule.informsComplainant) {
      await complaintStore.markAnswered(tx, id, today());
      await notifyComplainant(services, tx, row, row.status);
    }
    await refreshNextDue(tx, row, row.status === STATUS_CLOSED);
    await logChange(
      { services, tx, user, id },
      {
        event: LOG_EVENTS.milestone(rule.label),
        comment: comment ? { key: dataKey, text: comment } : undefined,
        visible: rule.informsComplainant,
      },
      { action: 'caso.hito', detail: { hito: rule.key, fecha: input.fecha } },
    );
  });
}

/** On a closed case only the duties after closing that are still tracked may be recorded. */
async function assertTrackedAfterClosing(db: Db, row: ComplaintRow, key: MilestoneKey) {
  const milestones = caseMilestones({
    typeId: row.type_id,
    receivedAt: row.created_at,
    completed: await caseMilestonesStore.completed(db, row.id),
    closed: true,
    now: new Date(),
  });
  if (!milestones.some((m) => m.key === key && m.tracked))
    throw new AppError(
      'CASE_CLOSED',
      'El caso está cerrado: solo admite registrar los hitos posteriores al cierre.',
    );
}
