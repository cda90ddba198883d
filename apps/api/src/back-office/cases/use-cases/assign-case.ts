import { ROLE_RULES } from '@canal/shared';
import { AppError } from '../../../errors';
import type { Services } from '../../../core/services';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { ComplaintRow } from '../../../core/complaints/repository';
import { staffRepository } from '../../staff/repository';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { caseExclusionsStore } from '../case-exclusions-store';
import { logChange, type CaseChange } from './change';

/** Gives the case to someone who may handle it (`assertCanHandle`), or to nobody. */
export async function assignCase(
  services: Services,
  user: StaffUser,
  id: number,
  assigneeId: number | null,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  const person = assigneeId === null ? null : await assertCanHandle(services, row, assigneeId);
  await services.db.transaction(async (tx) => {
    await recordAssignment({ services, tx, user, id }, assigneeId, person);
  });
}

/** Someone who may handle the case: active, not an auditor, with access to its organisation, not excluded. */
export async function assertCanHandle(
  services: Services,
  row: ComplaintRow,
  userId: number,
): Promise<{ name: string }> {
  const person = await staffRepository.findById(services.db, userId);
  const eligible =
    person &&
    person.active &&
    person.password_hash !== null &&
    ROLE_RULES.canChangeCases(person.role) &&
    ROLE_RULES.worksOn(person.role, person.organization_ids, row.organization_id) &&
    !(await caseExclusionsStore.isExcluded(services.db, row.id, userId));
  if (!eligible)
    throw new AppError(
      'VALIDATION',
      'La persona seleccionada no puede hacerse cargo de este caso.',
    );
  return { name: person.name };
}

/** A new assignee (checked by `assertCanHandle`), its internal log entry and audit row. */
export async function recordAssignment(
  change: CaseChange,
  assigneeId: number | null,
  person: { name: string } | null,
): Promise<void> {
  await complaintStore.setAssignee(change.tx, change.id, assigneeId);
  await logChange(
    change,
    { event: LOG_EVENTS.assigned(person?.name ?? null), visible: false },
    { action: 'caso.asignado', detail: { usuario_id: assigneeId } },
  );
}
