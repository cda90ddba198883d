import { buildRequest, type Endpoint, type RequestParts } from '@canal/shared/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * Calls one endpoint of the shared contract through `app.inject`: the request is built by the same
 * `buildRequest` the web client and the end-to-end suite use, so a test names the endpoint and its
 * typed parts instead of spelling out a URL. The answer is returned whatever its status.
 */
export function callApi<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  parts: RequestParts<E>,
): Promise<LightMyRequestResponse> {
  const { method, url, headers, body } = buildRequest(endpoint, parts);
  if (body instanceof FormData) throw new Error('callApi: multipart bodies go through multipart()');
  return app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body }) });
}
