import type { FastifyPluginAsync } from 'fastify';
import { contract, VERIFY_MAX_BYTES } from '@canal/shared/contract';
import { verifyDocumentBytes } from '@canal/shared/proof/document';
import { route } from '../../http/route';
import { AppError } from '../../errors';
import { signingKeysStore } from '../../core/proof/signing-keys-store';
import { checkpointWire, latestCheckpoint } from '../../core/audit/log-proof';

/**
 * The keys documents are signed with (decision 0050), public at /v1 and at a well-known address,
 * and the check of a document the channel issued, by the same code the portal's page runs.
 */
export const publicKeyRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const list = async () => ({ claves: await signingKeysStore.list(services.db) });
  route(app, contract.publicKeys, { handler: list });
  route(app, contract.publicKeysWellKnown, { handler: list });
  // The audit log's latest signed checkpoint (decision 0066): public, so anyone keeps one.
  route(app, contract.auditCheckpoint, {
    handler: async () => {
      const latest = await latestCheckpoint(services.db);
      if (!latest) throw new AppError('NO_AUDIT_CHECKPOINT');
      return checkpointWire(latest);
    },
  });
  route(app, contract.verifyDocument, {
    // Base64 is four characters for three bytes; the JSON around it is small.
    bodyLimit: Math.ceil(VERIFY_MAX_BYTES / 3) * 4 + 1024,
    handler: async (request) => {
      const bytes = Buffer.from(request.body.documento, 'base64');
      if (bytes.length > VERIFY_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
      return verifyDocumentBytes(bytes, await signingKeysStore.list(services.db));
    },
  });
};
