import type { Organization } from '@canal/shared';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import type { PortalServices } from '../services';
import { complaintsRepository as repo } from '../../core/complaints/repository';
import { complaintStore } from '../../core/complaints/complaint-store';

/**
 * Code + password → a session token. An unknown code, a code of another organisation and a wrong
 * password all answer the same 401 after the same work; a code under attack is locked for a while.
 * The attempt is counted before the password is verified (at most 10 verified guesses per code per
 * window, however many arrive at once); a failure is reported to `onFailure` with a keyed hash of
 * the code, so an attack on one complaint shows in the log without the code itself.
 */
export async function login(
  services: Services,
  portal: PortalServices,
  org: Organization,
  ticket: number,
  password: string,
  onFailure: (ticketKey: string) => void = () => {},
): Promise<{ token: string }> {
  const { db, hasher } = services;
  const { throttle, sessions } = portal;
  const locked = await throttle.reserve(ticket);
  if (locked > 0) throw new AppError('TOO_MANY_ATTEMPTS', undefined, locked);
  const row = await repo.findByTicket(db, ticket);
  if (row?.erased_at && row.organization_id === org.id) {
    // Erased: no password to check any more; the same work as a wrong code, then a clear answer.
    await hasher.verifyNothing(password);
    throw new AppError('COMPLAINT_ERASED');
  }
  const ok =
    row && row.organization_id === org.id
      ? await hasher.verify(row.password_hash, password)
      : await hasher.verifyNothing(password);
  if (!ok || !row) {
    onFailure(throttle.keyOf(ticket));
    throw new AppError('LOGIN_FAILED');
  }
  await throttle.reset(ticket);
  await complaintStore.recordVisit(db, row.id);
  return { token: await sessions.open(row.id) };
}
