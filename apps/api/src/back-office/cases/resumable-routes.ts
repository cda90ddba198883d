import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CASE_RESUMABLE_UPLOADS_PATH } from '@canal/shared/contract';
import type { SealedUploadStore } from '../../core/files/resumable';
import {
  handToTus,
  leaveTusBodiesUnread,
  resumableServer,
  TUS_ROUTE_SCHEMA,
  UPLOAD_ID,
} from '../../core/files/resumable-http';
import { AppError } from '../../errors';
import { requireStaff } from '../staff/guard';
import { caseToChange } from './access';
import { assertOpen } from './use-cases/change';

/** The staff's resumable uploads, under the case they are for (decision 0074). */
export const CASE_RESUMABLE_PATH = CASE_RESUMABLE_UPLOADS_PATH;

/**
 * The files of a staff reply over tus (issue 21, decision 0074): creation, HEAD, PATCH and
 * termination under `/v1/gestion/casos/:id/subidas`, each with the staff session's cookie and,
 * on every write, the CSRF double submit (the back office's guard); the person must be allowed
 * to change that case (another organisation's, or excluded: 404; an auditor: 403) and it must be
 * open. The upload is sealed on arrival with the case's data key, like the complainant's, and is
 * the person's own: only they resume it, and it joins the case only when their reply
 * (`POST /v1/gestion/casos/:id/respuestas`) names it in `subidas`.
 */
export const caseResumableRoutes: FastifyPluginAsync<{ store: SealedUploadStore }> = async (
  app,
  { store },
) => {
  const { services } = app;
  const tus = resumableServer(store, CASE_RESUMABLE_PATH);
  leaveTusBodiesUnread(app);

  const hand = async (
    request: FastifyRequest,
    reply: FastifyReply,
    caseId: string,
    id: string | null,
  ) => {
    await requireStaff(request);
    const number = /^\d+$/.test(caseId) ? Number(caseId) : NaN;
    if (!Number.isSafeInteger(number)) throw new AppError('CASE_NOT_FOUND');
    const row = await caseToChange(services, request.staff, number);
    if (request.method === 'POST' || request.method === 'PATCH') assertOpen(row);
    const owner = { complaintId: row.id, staffUserId: request.staff.id };
    if (id !== null && !(await store.rowFor(id, owner))) throw new AppError('NOT_FOUND');
    await handToTus(tus, request, reply, owner);
  };
  // Registered under the back office's prefix (/v1/gestion), like its contract routes.
  if (!CASE_RESUMABLE_PATH.startsWith(app.prefix))
    throw new Error(`La ruta ${CASE_RESUMABLE_PATH} no está bajo el prefijo ${app.prefix}.`);
  const path = CASE_RESUMABLE_PATH.slice(app.prefix.length);
  // Not in the contract nor the OpenAPI page: tus 1.0 is their description (decision 0055).
  app.route<{ Params: { id: string } }>({
    method: ['POST'],
    url: path,
    schema: TUS_ROUTE_SCHEMA,
    handler: (request, reply) => hand(request, reply, request.params.id, null),
  });
  app.route<{ Params: { id: string; uploadId: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${path}/:uploadId`,
    schema: TUS_ROUTE_SCHEMA,
    handler: (request, reply) => {
      if (!UPLOAD_ID.test(request.params.uploadId)) throw new AppError('NOT_FOUND');
      return hand(request, reply, request.params.id, request.params.uploadId);
    },
  });
};
