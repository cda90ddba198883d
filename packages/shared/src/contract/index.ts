// The API contract: every endpoint the API registers, with its request and response schemas.
// Import it from `@canal/shared/contract` (a subpath, so the portal bundle takes only what it uses).
import { backOffice } from './back-office';
import { botCheck } from './bot-check';
import type { Endpoint } from './core';
import { dev } from './dev';
import { operations } from './operations';
import { files } from './files';
import { portal } from './portal';
import { dataRights } from './data-rights';
import { privacy } from './privacy-notice';
import { auditProofPublic, proof, proofWellKnown } from './proof';
import { transcripts } from './transcripts';

export * from './core';
export * from './headers';
export * from './client';
export * from './routes';
export { strict } from './strict';
export * from './portal';
export * from './data-rights';
export * from './privacy-notice';
export * from './proof';
export * from './transcripts';
export * from './files';
export * from './bot-check';
export * from './dev';
export * from './operations';
export * from './back-office';
export { webPaths, webRoutePatterns, webUrl, type WebPage } from '../paths';

/** Every endpoint, by name. */
export const contract = {
  ...portal,
  ...dataRights,
  ...privacy,
  ...proof,
  ...proofWellKnown,
  ...auditProofPublic,
  ...transcripts,
  ...files,
  ...botCheck,
  ...dev,
  ...operations,
  ...backOffice,
} as const;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;

/** The endpoints as a list (to register routes or check them all). */
export const endpoints: readonly (Endpoint & { name: EndpointName })[] = Object.entries(
  contract,
).map(([name, e]) => ({ ...(e as Endpoint), name: name as EndpointName }));
