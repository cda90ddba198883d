import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { complaintsRepository, type ComplaintRow } from '../../core/complaints/repository';
import { canChangeCases, type StaffUser } from '../staff/roles';
import { casesRepository as repo } from './repository';

/** A case the user may see; anything else (other organisation, excluded, missing) is the same 404. */
export async function caseForStaff(
  services: Services,
  user: StaffUser,
  id: number,
): Promise<ComplaintRow> {
  if (!(await repo.idInScope(services.db, user, id))) throw new AppError('CASE_NOT_FOUND');
  return (await complaintsRepository.findById(services.db, id))!;
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
