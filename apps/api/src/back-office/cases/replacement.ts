import { STATUS_CLOSED, type ReplacementAnswer } from '@canal/shared';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { replacementStore } from '../../core/complaints/replacement-store';
import { sealField } from '../../crypto/sealed-field';
import { notifyComplainant } from '../../core/notifications/notify';
import { isAdministrator, type StaffUser } from '../staff/roles';
import { caseToChange } from './access';
import { LOG_COMMENTS, LOG_EVENTS } from '../../core/complaints/complaint-log';
import { assertCanHandle, recordAssignment } from './use-cases/assign-case';
import { logChange } from './use-cases/change';
import { staffInstant } from './case-view';
import { replacementView } from './replacement-view';
import { casesRepository } from './repository';

/** The requests waiting for an answer in the cases `user` may see, oldest first. */
export async function listReplacementTasks(services: Services, user: StaffUser) {
  const rows = await casesRepository.openReplacementRequests(services.db, user);
  return {
    solicitudes: rows.map((r) => ({
      ...replacementView(services, user, r, r, staffInstant(r.created_at, r.is_anonymous)),
      caso: { id: r.complaint_id, numero: r.case_number },
    })),
  };
}

/**
 * An administrator (not the person the request is about) answers the case's open request.
 * Accepting assigns the case to someone else through the assignment's own rules; rejecting needs
 * a reason. Either way, in one transaction: the request closed, the answer in the complainant's
 * log (visible, signed by the team, never a name), a neutral mail to them and an audit row.
 */
export async function answerReplacement(
  services: Services,
  user: StaffUser,
  id: number,
  answer: ReplacementAnswer,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  if (!isAdministrator(user)) throw new AppError('FORBIDDEN');
  const request = await replacementStore.open(services.db, id);
  if (!request) throw new AppError('NO_OPEN_REPLACEMENT');
  if (request.investigator_id === user.id) throw new AppError('FORBIDDEN');
  if (row.status === STATUS_CLOSED) throw new AppError('CASE_CLOSED');
  const key = services.keyring.unwrapDataKey(row.data_key);
  const accepted = answer.decision === 'aceptada';
  const newAssignee = accepted ? answer.usuario_id! : null;
  if (accepted && (newAssignee === row.assignee_id || newAssignee === request.investigator_id))
    throw new AppError(
      'VALIDATION',
      'Para acoger la solicitud debe asignar el caso a otra persona.',
    );
  const person = newAssignee === null ? null : await assertCanHandle(services, row, newAssignee);
  const reason = answer.motivo?.trim() ?? '';
  await services.db.transaction(async (tx) => {
    const closed = await replacementStore.answer(tx, {
      id: request.id,
      status: answer.decision,
      answeredBy: user.id,
      answerEnc: reason
        ? sealField(key, reason, { complaintId: id, field: 'replacement_requests.answer' })
        : null,
      newAssigneeId: newAssignee,
    });
    if (!closed) throw new AppError('NO_OPEN_REPLACEMENT');
    const change = { services, tx, user, id };
    if (person) await recordAssignment(change, newAssignee, person);
    await notifyComplainant(services, tx, row, row.status);
    await logChange(
      change,
      {
        event: accepted ? LOG_EVENTS.replacementAccepted : LOG_EVENTS.replacementRejected,
        comment: { key, text: accepted ? LOG_COMMENTS.replacementAccepted : reason },
        visible: true,
      },
      {
        action: 'caso.solicitud_respondida',
        detail: { decision: answer.decision, ...(accepted ? { usuario_id: newAssignee } : {}) },
      },
    );
  });
}
