import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import {
  routeSchema,
  type Endpoint,
  type HandlerInputOf,
  type SuccessOf,
} from '@canal/shared/contract';

/** A guard refuses a request by throwing an `AppError`; it reads only the request's headers. */
export type Guard = (request: FastifyRequest) => Promise<void>;

/** The request a route's handler receives: params, query and body as its contract entry parses them. */
export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Params: HandlerInputOf<E>['params'];
  Querystring: HandlerInputOf<E>['querystring'];
  Body: HandlerInputOf<E>['body'];
}>;

/** What a handler may return: a JSON answer of a success status, or the reply it sent itself. */
type Answer<E extends Endpoint> = Exclude<SuccessOf<E>, Blob | undefined> | FastifyReply;

export interface RouteOptions<E extends Endpoint> {
  /**
   * Who may call, checked in order before the body is read and before params, query and body are
   * validated: a caller without access gets 401/403, never a 400 about a body it may not send.
   * Required unless the entry's access is `public` or `development`.
   */
  guards?: readonly Guard[];
  /** Route config (per-route rate limits). */
  config?: FastifyContextConfig;
  handler: (request: RouteRequest<E>, reply: FastifyReply) => Answer<E> | Promise<Answer<E>>;
}

/**
 * Registers the route of one contract entry: its method, its path (relative to the plugin's
 * prefix) and its schema come from the entry, so every route validates what the contract says it
 * takes and serializes every JSON answer through the declared schema (a field the schema does not
 * declare is dropped). Guards run in `preParsing`: after the per-client rate limit (a route-level
 * `onRequest` hook that `@fastify/rate-limit` appends) and before the body is read or validated.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  { guards = [], config, handler }: RouteOptions<E>,
): void {
  const { prefix } = app;
  if (!entry.path.startsWith(prefix))
    throw new Error(`La ruta ${entry.path} no está bajo el prefijo ${prefix}.`);
  const open = entry.access === 'public' || entry.access === 'development';
  if (open !== (guards.length === 0))
    throw new Error(
      `La ruta ${entry.method} ${entry.path} (acceso ${JSON.stringify(entry.access)}) ${
        open ? 'no lleva' : 'necesita'
      } guardias.`,
    );
  app.route({
    method: entry.method,
    url: entry.path.slice(prefix.length),
    schema: routeSchema(entry),
    ...(config ? { config } : {}),
    ...(guards.length
      ? {
          preParsing: guards.map(
            (guard) => async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
              await guard(request);
              return payload;
            },
          ),
        }
      : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}
