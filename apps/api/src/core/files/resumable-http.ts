import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { MAX_FILE_BYTES } from '@canal/shared';
import type { Db } from '../../db/database';
import type { Keyring } from '../../crypto/keys';
import { RESUMABLE_BODY_TYPE } from '../../http/connection';
import type { ObjectStore } from '../../storage';
import { complaintsRepository } from '../complaints/repository';
import { SealedUploadStore, tusRefusal, type UploadOwner } from './resumable';
import { pendingFilingStore } from './pending-filing-store';
import { answerWithTus } from './tus-request';

/**
 * The headers the routes set (never the client's) to tell the store whose upload it creates:
 * the complaint, and the staff member for a reply's files (decision 0074).
 */
const OWNER_HEADERS = {
  complaintId: 'x-canal-denuncia-interna',
  staffUserId: 'x-canal-personal-interno',
  pendingFilingId: 'x-canal-borrador-interno',
} as const;
const OWNER_NAMES = new Set<string>(Object.values(OWNER_HEADERS));

/** A pending filing that expired (or was filed) takes no more bytes: what the person reads. */
const GONE_BODY =
  'El envío de esta denuncia ya no está disponible: seleccione sus archivos nuevamente.\n';

/** The resumable uploads' store over the core's database and object store. */
export function createResumableStore(services: {
  db: Db;
  files: { store: ObjectStore };
  keyring: Keyring;
}): SealedUploadStore {
  return new SealedUploadStore(services.db, services.files.store, async (upload) => {
    // A pending filing's upload: its pending key (decision 0074), while the filing is pending.
    if (upload.pending_filing_id !== null) {
      const wrapped = await pendingFilingStore.keyOf(services.db, upload.pending_filing_id);
      if (wrapped === null) throw { status_code: 404, body: GONE_BODY };
      return services.keyring.unwrapDataKey(wrapped);
    }
    const row = await complaintsRepository.findById(services.db, upload.complaint_id!);
    if (!row) throw tusRefusal('NOT_FOUND');
    return services.keyring.unwrapDataKey(row.data_key);
  });
}

/**
 * A tus 1.0 server over `store` (decision 0055), for the portal's uploads and the staff's
 * (decision 0074). Each upload's address is its creation request's path and a random id,
 * relative to the origin (the portal, the back office and the API share it).
 */
export function resumableServer(store: SealedUploadStore, path: string): Server {
  return new Server({
    path,
    datastore: store,
    maxSize: MAX_FILE_BYTES,
    respectForwardedHeaders: false,
    namingFunction: () => randomUUID(),
    generateUrl: (req, { id }) =>
      `${new URL(req.url, 'http://localhost').pathname.replace(/\/$/, '')}/${id}`,
    onUploadCreate: async (req, upload) => ({
      metadata: {
        ...upload.metadata,
        complaintId: req.headers.get(OWNER_HEADERS.complaintId),
        staffUserId: req.headers.get(OWNER_HEADERS.staffUserId),
        pendingFilingId: req.headers.get(OWNER_HEADERS.pendingFilingId),
      },
    }),
  });
}

/** PATCH bodies are the file's bytes: left unread in `app`'s routes, for tus. */
export function leaveTusBodiesUnread(app: FastifyInstance): void {
  app.addContentTypeParser(RESUMABLE_BODY_TYPE, (_req, _payload, done) => done(null));
}

/**
 * The schema of a tus route: hidden from the OpenAPI page (tus 1.0 describes it, decision 0055),
 * and taking a file's bytes, so its PATCH gets the uploads' long deadline and minimum rate
 * (`http/connection.ts`), not the 30 seconds of a JSON body: a PATCH on a slow line is not cut
 * every 30 seconds into «Reanudando…».
 */
export const TUS_ROUTE_SCHEMA = { hide: true, consumes: [RESUMABLE_BODY_TYPE] };

/**
 * Hands a request its route has already allowed over to tus, as `owner`'s: any owner header the
 * client sent is dropped (tus reads the raw header list), then the route's are added. The body
 * reaches tus as the socket's own chunks, not copied (`answerWithTus`).
 */
export async function handToTus(
  tus: Server,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: UploadOwner,
): Promise<void> {
  const raw = request.raw.rawHeaders;
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2)
    if (!OWNER_NAMES.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  if (owner.complaintId !== null) kept.push(OWNER_HEADERS.complaintId, String(owner.complaintId));
  if (owner.pendingFilingId) kept.push(OWNER_HEADERS.pendingFilingId, owner.pendingFilingId);
  if (owner.staffUserId !== null) kept.push(OWNER_HEADERS.staffUserId, String(owner.staffUserId));
  raw.splice(0, raw.length, ...kept);
  reply.hijack();
  await answerWithTus(tus, request.raw, reply.raw);
}

/** An upload's id in a route's path: a UUID (else 404 before anything is read). */
export const UPLOAD_ID = /^[0-9a-f-]{36}$/;
