import type { FastifyRequest } from 'fastify';
import { findOrganization, type Organization } from '@canal/shared';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    organization: Organization;
  }
}

/** Every portal call names its organisation in `x-filial`; an unknown one is refused. */
export async function requireOrganization(request: FastifyRequest): Promise<void> {
  const header = request.headers['x-filial'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new AppError('MISSING_ORGANIZATION');
  const org = findOrganization(value.trim().toLowerCase());
  if (!org) throw new AppError('UNKNOWN_ORGANIZATION');
  request.organization = org;
}
