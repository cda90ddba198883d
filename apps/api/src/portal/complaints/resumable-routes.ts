import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { MAX_FILE_BYTES, RESUMABLE_UPLOADS_PATH } from '@canal/shared';
import { requireOrganization } from '../../http/organization';
import { complaintsRepository } from '../../core/complaints/repository';
import { SealedUploadStore, tusRefusal } from '../../core/files/resumable';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { requireComplainant, requireHuman } from '../guards';
import { complaintOfSession } from './read-complaint';
import { assertUploadAllowed } from './follow-up';

/** Where the portal's resumable uploads live (tus 1.0, issue 21); not in SPEC §7: an addition. */
export const RESUMABLE_PATH = RESUMABLE_UPLOADS_PATH;
/** The header the route sets (never the client's) to tell the store whose upload it creates. */
const COMPLAINT_HEADER = 'x-canal-denuncia-interna';

/** The resumable uploads' store over the core's database and object store. */
export function createResumableStore(services: Services): SealedUploadStore {
  return new SealedUploadStore(services.db, services.files.store, async (complaintId) => {
    const row = await complaintsRepository.findById(services.db, complaintId);
    if (!row) throw tusRefusal('NOT_FOUND');
    return services.keyring.unwrapDataKey(row.data_key);
  });
}

/**
 * The complainant's resumable uploads (detail page, «Faltan antecedentes»): tus creation,
 * HEAD, PATCH and termination under `RESUMABLE_PATH`, each with the Bearer session of the
 * complaint; creation also with the bot check. What a PATCH carries is sealed by
 * `SealedUploadStore`; a finished upload joins the complaint only when `POST
 * /v1/denuncias/upload-files` names it in `subidas` (the entry commits it, all or nothing).
 */
export const resumableRoutes: FastifyPluginAsync<{ store: SealedUploadStore }> = async (
  app,
  { store },
) => {
  const { services } = app;
  const tus = new Server({
    path: RESUMABLE_PATH,
    datastore: store,
    maxSize: MAX_FILE_BYTES,
    respectForwardedHeaders: false,
    namingFunction: () => randomUUID(),
    // Locations relative to the origin: the portal and the API share it.
    generateUrl: (_req, { path, id }) => `${path}/${id}`,
    onUploadCreate: async (req, upload) => ({
      metadata: { ...upload.metadata, complaintId: req.headers.get(COMPLAINT_HEADER) },
    }),
  });
  // PATCH bodies are the file's bytes: left unread for tus.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const hand = async (request: FastifyRequest, reply: FastifyReply, id: string | null) => {
    await requireOrganization(request);
    if (request.method === 'POST') await requireHuman(request);
    await requireComplainant(request);
    const row = await complaintOfSession(
      services,
      request.organization,
      request.sessionComplaintId,
    );
    if (request.method === 'POST' || request.method === 'PATCH') assertUploadAllowed(row);
    if (id !== null && !(await store.rowFor(id, row.id))) throw new AppError('NOT_FOUND');
    // tus reads the raw header list: any copy the client sent is dropped, then ours is added.
    const raw = request.raw.rawHeaders;
    const kept: string[] = [];
    for (let i = 0; i < raw.length; i += 2)
      if (raw[i]!.toLowerCase() !== COMPLAINT_HEADER) kept.push(raw[i]!, raw[i + 1]!);
    raw.splice(0, raw.length, ...kept, COMPLAINT_HEADER, String(row.id));
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  // Not in the contract nor the OpenAPI page: tus 1.0 is their description (decision 0055).
  app.route({
    method: ['POST'],
    url: RESUMABLE_PATH,
    schema: { hide: true },
    handler: (request, reply) => hand(request, reply, null),
  });
  app.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${RESUMABLE_PATH}/:id`,
    schema: { hide: true },
    handler: (request, reply) => {
      if (!/^[0-9a-f-]{36}$/.test(request.params.id)) throw new AppError('NOT_FOUND');
      return hand(request, reply, request.params.id);
    },
  });
};
