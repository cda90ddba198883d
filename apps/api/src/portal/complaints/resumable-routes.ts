import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RESUMABLE_UPLOADS_PATH } from '@canal/shared';
import { requireOrganization } from '../../http/organization';
import type { SealedUploadStore } from '../../core/files/resumable';
import {
  handToTus,
  leaveTusBodiesUnread,
  resumableServer,
  TUS_ROUTE_SCHEMA,
  UPLOAD_ID,
} from '../../core/files/resumable-http';
import { AppError } from '../../errors';
import { requireComplainant, requireHuman } from '../guards';
import { complaintOfSession } from './read-complaint';
import { assertUploadAllowed } from './follow-up';
import { pendingOwner } from './pending-filing';

/** Where the portal's resumable uploads live (tus 1.0, issue 21); not in SPEC §7: an addition. */
export const RESUMABLE_PATH = RESUMABLE_UPLOADS_PATH;

/**
 * The complainant's resumable uploads (detail page, «Faltan antecedentes»): tus creation,
 * HEAD, PATCH and termination under `RESUMABLE_PATH`, each with the Bearer session of the
 * complaint; creation also with the bot check. What a PATCH carries is sealed by
 * `SealedUploadStore`; a finished upload joins the complaint only when `POST
 * /v1/denuncias/upload-files` names it in `subidas` (the entry commits it, all or nothing).
 * The filing form's files (decision 0074) come here too, before the complaint exists: with the
 * pending filing's token (`x-borrador`) instead of a session, and are named by the filing.
 */
export const resumableRoutes: FastifyPluginAsync<{ store: SealedUploadStore }> = async (
  app,
  { store },
) => {
  const { services } = app;
  const tus = resumableServer(store, RESUMABLE_PATH);
  leaveTusBodiesUnread(app);

  const hand = async (request: FastifyRequest, reply: FastifyReply, id: string | null) => {
    await requireOrganization(request);
    if (request.method === 'POST') await requireHuman(request);
    const owner = (await pendingOwner(request)) ?? (await complainantOwner(request));
    if (id !== null && !(await store.rowFor(id, owner))) throw new AppError('NOT_FOUND');
    await handToTus(tus, request, reply, owner);
  };
  const complainantOwner = async (request: FastifyRequest) => {
    await requireComplainant(request);
    const row = await complaintOfSession(
      services,
      request.organization,
      request.sessionComplaintId,
    );
    if (request.method === 'POST' || request.method === 'PATCH') assertUploadAllowed(row);
    return { complaintId: row.id, staffUserId: null };
  };
  // Not in the contract nor the OpenAPI page: tus 1.0 is their description (decision 0055).
  app.route({
    method: ['POST'],
    url: RESUMABLE_PATH,
    schema: TUS_ROUTE_SCHEMA,
    handler: (request, reply) => hand(request, reply, null),
  });
  app.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${RESUMABLE_PATH}/:id`,
    schema: TUS_ROUTE_SCHEMA,
    handler: (request, reply) => {
      if (!UPLOAD_ID.test(request.params.id)) throw new AppError('NOT_FOUND');
      return hand(request, reply, request.params.id);
    },
  });
};
