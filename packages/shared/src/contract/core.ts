// The building blocks of the API contract: what one endpoint declares, and the types a server or a
// client infers from it. Wire names are Spanish, exactly as sent; the schemas are zod.
import { z } from 'zod';
import { apiErrorSchema } from '../wire';

export { fillPath, pathParams } from './path';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer without a body (204 No Content, 304 Not Modified). */
export interface NoBody {
  readonly kind: 'empty';
}

/** An answer that is not JSON: a file download or a page; `contentTypes` are the ones it may carry. */
export interface BinaryBody {
  readonly kind: 'binary';
  readonly contentTypes: readonly string[];
  /** Sent as a download (`content-disposition: attachment`). */
  readonly attachment: boolean;
}

/** What one status of an endpoint answers: a JSON body (its zod schema), no body, or bytes. */
export type ResponseBody = z.ZodType | NoBody | BinaryBody;

/**
 * A multipart/form-data request (the body is not validated by Fastify: the route reads the parts
 * as a stream). One JSON part named `json.field`, checked with `json.schema`, and up to `files.max`
 * file parts named `files.field`.
 */
export interface MultipartBody {
  readonly json: { readonly field: string; readonly schema: z.ZodType };
  readonly files: { readonly field: string; readonly max: number };
}

/**
 * Who may call an endpoint. The API derives each route's guards from it (`route()` in
 * `apps/api/src/http/route.ts`), so what an entry declares is what its route checks.
 */
export type Access = OpenAccess | PortalAccess | StaffAccess;

/** Routes without a guard. */
export type OpenAccess =
  /** Anyone. */
  | 'public'
  /** Outside production only. */
  | 'development';

/** The portal's callers. */
export type PortalAccess =
  /** `x-filial` names a known organisation. */
  | 'organization'
  /** `x-filial`, and a bot-check token in `x-grecaptcha`. */
  | 'human'
  /**
   * `x-filial`, bot check, and a well-formed `Authorization: Bearer …` whose session may already
   * have ended (signing out is idempotent).
   */
  | 'bearer'
  /** `x-filial`, bot check, and the complainant's live session in `Authorization: Bearer …`. */
  | 'complainant';

/** The back office's callers. */
export type StaffAccess =
  /** A back-office session cookie (and `x-csrf-token` on writes). */
  | 'staff'
  /** A back-office session of one of these roles. */
  | { readonly roles: readonly ('administrador' | 'investigador' | 'auditor')[] };

export const isOpenAccess = (access: Access): access is OpenAccess =>
  access === 'public' || access === 'development';

export const isStaffAccess = (access: Access): access is StaffAccess =>
  access === 'staff' || typeof access === 'object';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify syntax: `/v1/denuncias/:id`. */
  readonly path: string;
  readonly summary: string;
  /** OpenAPI tag: the area of the API. */
  readonly tag: string;
  readonly access: Access;
  /** Hidden from the OpenAPI document. */
  readonly hidden?: boolean;
  readonly headers?: z.ZodType;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  readonly multipart?: MultipartBody;
  readonly responses: Readonly<Record<number, ResponseBody>>;
}

/** Declares an endpoint, keeping its literal types for inference. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

export const noBody: NoBody = { kind: 'empty' };

export const binary = (contentTypes: readonly string[], attachment = true): BinaryBody => ({
  kind: 'binary',
  contentTypes,
  attachment,
});

export const isJsonBody = (body: ResponseBody): body is z.ZodType => body instanceof z.ZodType;

/** The error body of every 4xx/5xx (apps/api/src/http/errors.ts): `{ message }` in Spanish. */
export { apiErrorSchema };

/** `{ message }`: the answer of the calls that only confirm. */
export const messageSchema = z.object({ message: z.string() });

/** Error answers for these statuses, all with the one error body. */
export const errors = <const S extends readonly number[]>(
  ...statuses: S
): { readonly [K in S[number]]: typeof apiErrorSchema } =>
  Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as {
    readonly [K in S[number]]: typeof apiErrorSchema;
  };

/**
 * Every /v1 call may be refused by the global rate limit (429), fail (500), find the database
 * unreachable for a moment (503: a restart, a failover) or the disk full (507).
 */
export const ALWAYS = [429, 500, 503, 507] as const;

// ---- Inference helpers ----

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The body of one status: JSON (parsed type), `undefined` without a body, `Blob` for bytes. */
export type BodyOf<R> = R extends z.ZodType ? z.output<R> : R extends BinaryBody ? Blob : undefined;

/** The statuses an endpoint declares. */
export type StatusOf<E extends Endpoint> = keyof E['responses'] & number;

type Success = 200 | 201 | 202 | 204 | 304;

/** The answer of one status. */
export type ResponseOf<E extends Endpoint, S extends StatusOf<E>> = BodyOf<E['responses'][S]>;

/** The answer of the success statuses (2xx/304), as a union. */
export type SuccessOf<E extends Endpoint> = {
  [S in StatusOf<E> & Success]: BodyOf<E['responses'][S]>;
}[StatusOf<E> & Success];

/** Every answer, discriminated by status: what a typed client returns. */
export type AnswerOf<E extends Endpoint> = {
  [S in StatusOf<E>]: { status: S; body: BodyOf<E['responses'][S]> };
}[StatusOf<E>];

/** What a client sends (schema inputs: before coercion and defaults). */
export interface RequestOf<E extends Endpoint> {
  params: InferInput<E['params']>;
  querystring: InferInput<E['querystring']>;
  body: InferInput<E['body']>;
  headers: InferInput<E['headers']>;
}

/** What a route handler receives (schema outputs: after coercion and defaults). */
export interface HandlerInputOf<E extends Endpoint> {
  params: Infer<E['params']>;
  querystring: Infer<E['querystring']>;
  body: Infer<E['body']>;
  headers: Infer<E['headers']>;
}

/**
 * An answer without a body. fastify-type-provider-zod writes `z.undefined()` as `type: null`, which
 * the OpenAPI document shows as a response with a description and no content.
 */
const emptyAnswer = z.undefined().describe('Sin contenido');

/** What it shows for an answer of bytes: each content type, as a binary string. */
const bytesAnswer = (body: BinaryBody) => ({
  description: body.attachment ? 'Archivo (descarga)' : 'Contenido',
  content: Object.fromEntries(
    body.contentTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
});

/**
 * The OpenAPI security requirement of an access rule, by the scheme names the API declares:
 * `botCheck` (`x-grecaptcha`), `bearer` (the complainant's token), `staffSession` (the cookie).
 */
function securityOf(access: Access): Record<string, string[]>[] | undefined {
  if (access === 'human') return [{ botCheck: [] }];
  if (access === 'complainant' || access === 'bearer') return [{ botCheck: [], bearer: [] }];
  if (isStaffAccess(access)) return [{ staffSession: [] }];
  return undefined;
}

/** A route's answer for one status, as Fastify and the OpenAPI document take it. */
export type RouteResponse = z.ZodType | ReturnType<typeof bytesAnswer>;

/**
 * The Fastify route `schema` of an endpoint (for fastify-type-provider-zod): params, query and JSON
 * body are validated; every JSON answer is serialized through its schema, so a field the contract
 * does not declare never leaves the server. Answers without a body are declared as `null` and
 * answers of bytes by content type, so the OpenAPI document shows every status (the route sends
 * those itself: Fastify does not serialize a stream, a buffer or a string of another type).
 * Headers stay with the guards unless `withHeaders` is set: the guards check them before the body
 * is read, with their own Spanish messages.
 */
export function routeSchema(e: Endpoint, { withHeaders = false } = {}) {
  const security = securityOf(e.access);
  const response: Record<number, RouteResponse> = {};
  for (const [status, body] of Object.entries(e.responses))
    response[Number(status)] = isJsonBody(body)
      ? body
      : body.kind === 'empty'
        ? emptyAnswer
        : bytesAnswer(body);
  return {
    summary: e.summary,
    tags: [e.tag],
    ...(e.hidden ? { hide: true } : {}),
    ...(security ? { security } : {}),
    ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(e.params ? { params: e.params } : {}),
    ...(e.querystring ? { querystring: e.querystring } : {}),
    ...(e.body ? { body: e.body } : {}),
    ...(withHeaders && e.headers ? { headers: e.headers } : {}),
    response,
  };
}
