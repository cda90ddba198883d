import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { signingKeysStore } from '../../core/proof/signing-keys-store';

/** The keys documents are signed with (decision 0050): public, at /v1 and at a well-known address. */
export const publicKeyRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const list = async () => ({ claves: await signingKeysStore.list(services.db) });
  route(app, contract.publicKeys, { handler: list });
  route(app, contract.publicKeysWellKnown, { handler: list });
};
