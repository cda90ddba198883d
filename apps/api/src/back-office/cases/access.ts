import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { complaintsRepository, type ComplaintRow } from '../../core/complaints/repository';
import { restrictionStore } from '../../core/retention/restriction-store';
import { canChangeCases, type StaffUser } from '../staff/roles';
import { casesRepository as repo } from './repository';

/**
 * A case the user may see; anything else (other organisation, excluded, missing) is the same 404.
 * An erased case answers 410 and a blocked one 423, to every role (Law 21.719, decision 0046):
 * its content is neither shown, exported nor changed.
 */
export async function caseForStaff(
  services: Services,
  user: StaffUser,
  id: number,
): Promise<ComplaintRow> {
  if (!(await repo.idInScope(services.db, user, id))) throw new AppError('CASE_NOT_FOUND');
  const row = (await complaintsRepository.findById(services.db, id))!;
  if (row.erased_at) throw new AppError('CASE_ERASED');
  if (await restrictionStore.isBlocked(services.db, id)) throw new AppError('CASE_BLOCKED');
  return row;
}

/** A case the user may change: in scope (else 404) and not an auditor (403). */
export async function caseToChange(
  services: Services,
  user: StaffUser,
  id: number,
): Promise<ComplaintRow> {
  const row = await caseForStaff(services, user, id);
  if (!canChangeCases(user)) throw new AppError('FORBIDDEN');
  return row;
}
