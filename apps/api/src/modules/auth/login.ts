import type { Organization } from '@canal/shared';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { complaintsRepository as repo } from '../complaints/repository';

/**
 * Code + password → a session token. An unknown code, a code of another organisation and a wrong
 * password all answer the same 401 after the same work; a code under attack is locked for a while.
 */
export async function login(
  services: Services,
  org: Organization,
  ticket: number,
  password: string,
): Promise<{ token: string }> {
  const { db, hasher, throttle, sessions } = services;
  const locked = await throttle.lockedFor(ticket);
  if (locked > 0) throw new AppError('TOO_MANY_ATTEMPTS', undefined, locked);
  const row = await repo.findByTicket(db, ticket);
  const ok =
    row && row.organization_id === org.id
      ? await hasher.verify(row.password_hash, password)
      : await hasher.verifyNothing(password);
  if (!ok || !row) {
    await throttle.recordFailure(ticket);
    throw new AppError('LOGIN_FAILED');
  }
  await throttle.reset(ticket);
  return { token: await sessions.open(row.id) };
}
