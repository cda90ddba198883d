import Bowser from 'bowser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEAD_OFFICE_ID, webPaths, webUrl } from '@canal/shared';
import type { Db } from '../../db/database';
import type { Services } from '../../core/services';
import { sessionStore } from '../../core/auth/session-store';
import { newOpaqueToken, tokenDigest } from '../../core/tokens/opaque-token';
import type { StaffRow } from './repository';

/**
 * The device cookie: a random value that stays in the browser a person signs in from (httpOnly,
 * only sent to the back office), its digest listed as one of their devices. A sign-in from a
 * browser without it, or with one not theirs, is a new device.
 */
export const DEVICE_COOKIE = 'gestion_dispositivo';
const DEVICE_DAYS = 400;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** «Chrome 131 en Windows 10»: browser and system from the user agent, nothing else kept. */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return 'Dispositivo desconocido';
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${major ? ` ${major}` : ''}`
    : 'Navegador desconocido';
  const os = parsed.os.name
    ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}`
    : null;
  return os ? `${browser} en ${os}` : browser;
}

/** The device's token from its cookie, or a new one (set on the answer). */
export function deviceToken(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const known = request.cookies[DEVICE_COOKIE];
  const token = known && TOKEN.test(known) ? known : newOpaqueToken().token;
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/v1/gestion',
    maxAge: DEVICE_DAYS * 86_400,
  });
  return token;
}

/**
 * Lists the device as the person's; when it is new and `notify`, queues the neutral notice (no
 * address, no place: the browser and system only) in the same transaction. True when new.
 */
export async function rememberDevice(
  services: Services,
  tx: Db,
  user: StaffRow,
  token: string,
  device: string,
  notify: boolean,
): Promise<boolean> {
  const isNew = await sessionStore.rememberStaffDevice(tx, user.id, tokenDigest(token));
  if (isNew && notify) {
    await services.outbox.enqueue(tx, {
      to: user.email,
      organizationId: user.organization_ids[0] ?? HEAD_OFFICE_ID,
      // About the person's account, not about a case.
      complaintId: null,
      message: {
        kind: 'staff-new-device',
        device,
        sessionsUrl: webUrl(services.config.publicUrl, webPaths.staffSessions()),
      },
    });
  }
  return isNew;
}
