import type { FastifyRequest } from 'fastify';
import { contract, type Endpoint, type StaffAccess } from '@canal/shared/contract';
import { AppError } from '../../errors';
import type { Guard } from '../../http/route';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, readCookie } from './cookies';
import { staffRepository as repo } from './repository';
import { recheckSsoSession } from '../sso/sso-recheck';
import { tokenDigest } from '../../core/tokens/opaque-token';
import type { StaffRole, StaffUser } from './roles';
import { passkeyPending } from './passkeys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member (back office only). */
    staff: StaffUser;
    staffToken: string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const endpointKey = (e: Endpoint) => `${e.method} ${e.path}`;
const routeKey = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;
/** What a person who must register a passkey first may do: read the session, leave, register. */
const WHILE_PASSKEY_PENDING = new Set(
  [
    contract.currentSession,
    contract.signOut,
    contract.passkeyRegistrationOptions,
    contract.registerPasskey,
    contract.listMyPasskeys,
  ].map(endpointKey),
);
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Guard of the back office (`route()` runs it in `preParsing`, before the body is read): a live
 * session from the httpOnly cookie (a Bearer token opens nothing here), and on every
 * state-changing request the CSRF double submit.
 */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  const { db } = request.server.services;
  const { sessions } = request.server.backOffice;
  const token = readCookie(request, SESSION_COOKIE);
  if (!token || !TOKEN.test(token)) throw new AppError('STAFF_UNAUTHORIZED');
  if (!SAFE_METHODS.has(request.method)) {
    const header = request.headers[CSRF_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    if (!sessions.csrfMatches(token, value, readCookie(request, CSRF_COOKIE)))
      throw new AppError('CSRF_FAILED');
  }
  const live = await sessions.resolve(token);
  // An SSO session reads the provider's claims again past its re-check interval (issue 24).
  if (live?.method === 'oidc')
    await recheckSsoSession(request.server.services, request.server.backOffice, tokenDigest(token));
  const row = live === null ? null : await repo.findById(db, live.userId);
  if (!row || !row.active) throw new AppError('STAFF_UNAUTHORIZED');
  // An administrator the policy asks for a passkey registers one before anything else (0076).
  if (
    !WHILE_PASSKEY_PENDING.has(routeKey(request)) &&
    (await passkeyPending(request.server.services, row))
  )
    throw new AppError('PASSKEY_PENDING');
  request.staffToken = token;
  request.staff = {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    organizationIds: row.organization_ids,
  };
}

/** Guard (`preParsing`, after requireStaff): only these roles; anyone else gets a 403. */
export const requireRole =
  (...roles: StaffRole[]) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!roles.includes(request.staff.role)) throw new AppError('FORBIDDEN');
  };

const signedIn = [requireStaff];

/** The guards of each back-office access rule (`Access` in the contract), in the order they run. */
export const staffGuards = (access: StaffAccess): readonly Guard[] =>
  access === 'staff' ? signedIn : [requireStaff, requireRole(...access.roles)];
