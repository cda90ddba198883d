import type { ActivationPayload, Organization } from '@canal/shared';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import type { PortalServices } from '../services';
import { complaintsRepository as repo } from '../../core/complaints/repository';
import { complaintStore } from '../../core/complaints/complaint-store';
import { LOG_EVENTS, systemEntry } from '../../core/complaints/complaint-log';
import { resetRepository as resets } from '../../core/auth/password-reset-store';
import { activationCodeDigest } from '../../core/auth/activation-code';

/**
 * The portal's activation page (decision 0075): the case number and the short code printed on the
 * receipt of a complaint recorded by staff set the person's password, once, within the code's 72
 * hours; its link stops working with it, and every session ends. Each try is counted per case
 * before the code is checked (10 failures per 15 minutes, then a lock): an unknown case number, a
 * case of another organisation and a wrong code all answer the same 404; only whoever typed the
 * right code learns that it was used, replaced or expired. The password is hashed only after the
 * code matched, so a guesser costs no argon2 work.
 */
export async function activateComplaint(
  services: Services,
  portal: PortalServices,
  org: Organization,
  payload: ActivationPayload,
): Promise<{ ticket: number }> {
  const { db, hasher, keyring } = services;
  const { throttle, sessions } = portal;
  const locked = await throttle.reserveActivation(org.id, payload.numero);
  if (locked > 0) throw new AppError('TOO_MANY_ATTEMPTS', undefined, locked);
  const row = await repo.findByCaseNumber(db, org.id, payload.numero);
  if (!row || row.erased_at) throw new AppError('ACTIVATION_MISMATCH');
  const digest = activationCodeDigest(keyring, row.id, payload.codigo_activacion);
  const match = await resets.matchCode(db, row.id, digest);
  if (match === null) throw new AppError('ACTIVATION_MISMATCH');
  if (match === 'spent') throw new AppError('ACTIVATION_SPENT');
  const passwordHash = await hasher.hash(payload.password);
  await db.transaction(async (tx) => {
    // Spent meanwhile (the link used, a new activation issued): the same answer as spent before.
    if (!(await resets.useCode(tx, row.id, digest))) throw new AppError('ACTIVATION_SPENT');
    await complaintStore.setPassword(tx, row.id, passwordHash);
    await resets.useAllOf(tx, row.id);
    await sessions.closeAll(tx, row.id);
    await complaintStore.appendLog(tx, systemEntry(row.id, LOG_EVENTS.activatedWithCode, true));
  });
  await throttle.resetActivation(org.id, payload.numero);
  return { ticket: row.ticket };
}
