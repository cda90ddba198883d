import type { FastifyRequest } from 'fastify';
import type { PortalAccess } from '@canal/shared/contract';
import { AppError } from '../errors';
import { requireOrganization } from '../http/organization';
import type { Guard } from '../http/route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The complaint the Bearer token of this request opens. */
    sessionComplaintId: number;
    /**
     * The bot-check level this request's token must reach (the filing route under a flood sets it
     * before the guards run: portal/complaints/filing-limit.ts); 0 when unset.
     */
    botCheckLevel?: number;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Guard (`route()` runs it in `preParsing`, before the body is read): the `x-grecaptcha` header
 * must carry a bot-check token that verifies (DESIGN §5).
 */
export async function requireHuman(this: unknown, request: FastifyRequest): Promise<void> {
  const ok = await request.server.portal.botCheck.verify(
    header(request, 'x-grecaptcha'),
    request.botCheckLevel ?? 0,
  );
  if (!ok) throw new AppError('BOT_CHECK_FAILED');
}

/** The token of `Authorization: Bearer …`, or null when the header is missing or malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header(request, 'authorization') ?? '');
  return match ? match[1]! : null;
}

/**
 * Guard (`route()` runs it in `preParsing`, before the body is read): a live complainant session
 * from `Authorization: Bearer …`.
 */
export async function requireComplainant(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (token === null) throw new AppError('UNAUTHORIZED');
  const complaintId = await request.server.portal.sessions.resolve(token);
  if (complaintId === null) throw new AppError('UNAUTHORIZED');
  request.sessionComplaintId = complaintId;
}

/** A well-formed `Authorization: Bearer …`, whether or not its session still lives. */
export async function requireBearer(request: FastifyRequest): Promise<void> {
  if (bearerToken(request) === null) throw new AppError('UNAUTHORIZED');
}

const human = [requireOrganization, requireHuman];
const portal: Record<PortalAccess, readonly Guard[]> = {
  organization: [requireOrganization],
  human,
  bearer: [...human, requireBearer],
  complainant: [...human, requireComplainant],
};

/** The guards of each portal access rule (`Access` in the contract), in the order they run. */
export const portalGuards = (access: PortalAccess): readonly Guard[] => portal[access];

/** A ticket code from a path or body: 12 digits, else the complaint is simply not found. */
export function ticketFrom(value: unknown): number {
  const text = String(value ?? '').trim();
  if (!/^[1-9]\d{11}$/.test(text)) throw new AppError('NOT_FOUND');
  return Number(text);
}
