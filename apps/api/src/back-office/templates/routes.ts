import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { listNoticeTemplates, saveNoticeTemplate } from './templates';

/** The texts the complainant must be told (decision 0070): read them, and administrators edit them. */
export const noticeTemplateRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  route(app, contract.listNoticeTemplates, {
    handler: async (request) => listNoticeTemplates(services, request.staff),
  });
  route(app, contract.updateNoticeTemplate, {
    handler: async (request) => saveNoticeTemplate(services, request.staff, request.body),
  });
};
