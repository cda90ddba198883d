import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import {
  isOpenAccess,
  routeSchema,
  type Endpoint,
  type HandlerInputOf,
  type PortalAccess,
  type StaffAccess,
  type SuccessOf,
} from '@canal/shared/contract';

/** A guard refuses a request by throwing an `AppError`; it reads only the request's headers. */
export type Guard = (request: FastifyRequest) => Promise<void>;

/** The guards that check an access rule, in the order they run. */
export type AccessGuards = (access: PortalAccess | StaffAccess) => readonly Guard[];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every access rule's guards, decorated once by the composition root (`app.ts`) from the
     * portal's (`portal/guards.ts`) and the back office's (`back-office/staff/guard.ts`).
     */
    accessGuards: AccessGuards;
  }
}

/** The request a route's handler receives: params, query and body as its contract entry parses them. */
export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Params: HandlerInputOf<E>['params'];
  Querystring: HandlerInputOf<E>['querystring'];
  Body: HandlerInputOf<E>['body'];
}>;

/** What a handler may return: a JSON answer of a success status, or the reply it sent itself. */
type Answer<E extends Endpoint> = Exclude<SuccessOf<E>, Blob | undefined> | FastifyReply;

export interface RouteOptions<E extends Endpoint> {
  /** Route config (per-route rate limits). */
  config?: FastifyContextConfig;
  /**
   * The route's own limit, run in `onRequest` like the per-client rate limits: before its access
   * guards and before the body is read (the filing limit, which also sets the bot check's level).
   */
  before?: Guard;
  /** A larger body than the app's 1 MiB (a document to verify). */
  bodyLimit?: number;
  handler: (request: RouteRequest<E>, reply: FastifyReply) => Answer<E> | Promise<Answer<E>>;
}

/**
 * Registers the route of one contract entry: its method, its path (relative to the plugin's
 * prefix) and its schema come from the entry, so every route validates what the contract says it
 * takes and serializes every JSON answer through the declared schema (a field the schema does not
 * declare is dropped). Its guards are the ones its declared access stands for
 * (`app.accessGuards`), so a route cannot check less, or other, than its entry says. They run in
 * `preParsing`: after the per-client rate limit (a route-level `onRequest` hook that
 * `@fastify/rate-limit` appends) and before the body is read or validated, so a caller without
 * access gets 401/403, never a 400 about a body it may not send.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  { config, before, bodyLimit, handler }: RouteOptions<E>,
): void {
  const { prefix } = app;
  if (!entry.path.startsWith(prefix))
    throw new Error(`La ruta ${entry.path} no está bajo el prefijo ${prefix}.`);
  const guards = isOpenAccess(entry.access) ? [] : app.accessGuards(entry.access);
  if (!isOpenAccess(entry.access) && guards.length === 0)
    throw new Error(
      `La ruta ${entry.method} ${entry.path} (acceso ${JSON.stringify(entry.access)}) no tiene guardias.`,
    );
  app.route({
    method: entry.method,
    url: entry.path.slice(prefix.length),
    schema: routeSchema(entry),
    ...(config ? { config } : {}),
    ...(before ? { onRequest: async (request: FastifyRequest) => before(request) } : {}),
    ...(bodyLimit ? { bodyLimit } : {}),
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
