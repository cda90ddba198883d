import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { failedMailStore } from './failed-mail-store';

/** Mail given up after its last attempt, for administrators (issue 9). */
export const mailRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  route(app, contract.failedMails, {
    handler: async () => {
      const { rows, total } = await failedMailStore.list(services.db, 100);
      return {
        total,
        correos: rows.map((r) => ({
          id: r.id,
          tipo: r.kind,
          intentos: r.attempts,
          creado: r.created_at.toISOString(),
          fallido: r.failed_at.toISOString(),
        })),
      };
    },
  });
};
