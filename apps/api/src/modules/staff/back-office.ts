import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from '../audit/routes';
import { caseRoutes } from '../cases/routes';
import { statsRoutes } from '../stats/routes';
import { staffRoutes } from './routes';

/** The back office API under /v1/gestion (DESIGN §8): staff cookies only, never the complainant's token. */
export const backOfficeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(staffRoutes);
  await app.register(caseRoutes);
  await app.register(auditRoutes);
  await app.register(statsRoutes);
};
