import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { sessionStore } from '../../core/auth/session-store';
import { tokenDigest } from '../../core/tokens/opaque-token';
import type { BackOfficeServices } from '../services';
import { staffRepository } from './repository';

// The sessions a person sees and ends (issue 24); every end is audited. The rows are in
// PostgreSQL, so a session ended here is refused at its next request on every instance.

export async function listMySessions(
  backOffice: BackOfficeServices,
  userId: number,
  token: string,
) {
  return (await backOffice.sessions.list(userId, token)).map((s) => ({
    id: s.id,
    dispositivo: s.device,
    metodo: s.method,
    iniciada: s.created_at.toISOString(),
    ultima_actividad: s.last_seen_at.toISOString(),
    actual: s.current,
  }));
}

/** Ends one of the person's sessions; true when it was the one in use (the route clears cookies). */
export async function endMySession(
  services: Services,
  userId: number,
  token: string,
  sessionId: number,
): Promise<boolean> {
  const current = await sessionStore.staffSessionIdOf(services.db, tokenDigest(token));
  if (!(await sessionStore.deleteStaffSessionById(services.db, userId, sessionId)))
    throw new AppError('SESSION_NOT_FOUND');
  await appendAudit(services, services.db, {
    actorId: userId,
    action: 'sesion.cerrada',
    detail: { sesion_id: sessionId, actual: current === sessionId },
  });
  return current === sessionId;
}

/** Ends every other session of the person; the one in use stays. */
export async function endMyOtherSessions(services: Services, userId: number, token: string) {
  const cerradas = await sessionStore.deleteStaffSessionsExcept(
    services.db,
    userId,
    tokenDigest(token),
  );
  await appendAudit(services, services.db, {
    actorId: userId,
    action: 'sesion.cerradas_otras',
    detail: { cerradas },
  });
  return { cerradas };
}

/** An administrator ends every session of a person (their own included, if they name themself). */
export async function endUserSessions(services: Services, actorId: number, userId: number) {
  if (!(await staffRepository.findById(services.db, userId))) throw new AppError('USER_NOT_FOUND');
  const cerradas = await sessionStore.deleteStaffSessionsExcept(services.db, userId, null);
  await appendAudit(services, services.db, {
    actorId,
    action: 'usuario.sesiones_cerradas',
    detail: { usuario_id: userId, cerradas },
  });
  return { cerradas };
}
