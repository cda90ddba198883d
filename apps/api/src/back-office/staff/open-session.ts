import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffSessionOpening, StaffSignInMethod } from '../../core/auth/session-store';
import { appendAudit } from '../../core/audit/audit-log';
import { setSessionCookies } from './cookies';
import { deviceLabel, deviceToken, rememberDevice } from './devices';
import { staffRepository } from './repository';
import { StaffSessions } from './staff-sessions';
import { userView } from './users';
import { passkeyPending } from './passkeys';

/**
 * Opens a session for a person whose credentials were proved (password and TOTP, SSO, a passkey,
 * or the activation link): the device is recognised or listed, a new one mailed about (not at
 * activation, the account's first device), the session recorded with its device and method, the
 * sign-in audited, and the cookies set. One transaction, so a notice exists only for a session.
 */
export async function openStaffSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  method: StaffSignInMethod,
  { activation = false, oidc }: { activation?: boolean; oidc?: StaffSessionOpening['oidc'] } = {},
) {
  const services = request.server.services;
  const { sessions } = request.server.backOffice;
  const secure = services.config.production;
  const user = (await staffRepository.findById(services.db, userId))!;
  const device = deviceLabel(request.headers['user-agent']);
  const token = deviceToken(request, reply, secure);
  const session = await services.db.transaction(async (tx) => {
    const isNew = await rememberDevice(services, tx, user, token, device, !activation);
    const opened = await sessions.open(user.id, { device, method, oidc }, tx);
    await appendAudit(services, tx, {
      actorId: user.id,
      action: 'sesion.ingreso',
      detail: {
        metodo: method,
        ...(oidc ? { proveedor: oidc.provider } : {}),
        dispositivo: device,
        dispositivo_nuevo: isNew,
      },
    });
    return opened;
  });
  setSessionCookies(reply, session.token, session.csrf, secure, StaffSessions.maxAgeSeconds);
  return {
    usuario: userView(user),
    csrf: session.csrf,
    llave_pendiente: await passkeyPending(services, user),
  };
}
