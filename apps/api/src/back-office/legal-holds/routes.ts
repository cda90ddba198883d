import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { caseRetention, liftRestriction, setRestriction } from './restrictions';

/** Retention, legal holds and blocking of a case (Law 21.719, decision 0046). */
export const legalHoldRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  route(app, contract.viewCaseRetention, {
    handler: async (request) => caseRetention(services, request.staff, request.params.id),
  });
  route(app, contract.setLegalHold, {
    handler: async (request) =>
      setRestriction(
        services,
        request.staff,
        request.params.id,
        'conservacion',
        request.body.motivo,
      ),
  });
  route(app, contract.liftLegalHold, {
    handler: async (request) =>
      liftRestriction(services, request.staff, request.params.id, 'conservacion'),
  });
  route(app, contract.setCaseBlock, {
    handler: async (request) =>
      setRestriction(services, request.staff, request.params.id, 'bloqueo', request.body.motivo),
  });
  route(app, contract.liftCaseBlock, {
    handler: async (request) =>
      liftRestriction(services, request.staff, request.params.id, 'bloqueo'),
  });
};
