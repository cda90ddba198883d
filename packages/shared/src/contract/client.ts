// One typed way to call an endpoint of the contract, whatever the transport: given the endpoint
// and its request parts, `buildRequest` gives `{ method, url, headers, body }`. Each side sends it
// its own way: XMLHttpRequest in the web app, fetch in the end-to-end suite, `app.inject` in the
// API tests (`app.inject({ method, url, headers, payload: body })`).
import type { z } from 'zod';
import type { Endpoint, HttpMethod } from './core';
import { fillPath } from './path';
import type { EndpointRoute } from './routes';

/** A part is optional when its schema accepts nothing or an empty object (every field optional). */
type Part<K extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { readonly [P in K]?: z.input<S> }
    : // eslint-disable-next-line @typescript-eslint/no-empty-object-type
      {} extends z.input<S>
      ? { readonly [P in K]?: z.input<S> }
      : { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: never };

/**
 * What a caller gives for one endpoint: its path params, query and JSON body, typed by the
 * contract (each one required when the endpoint declares it and it has a required field); multipart
 * endpoints take a `FormData` body. Headers are the caller's own (cookie, CSRF, `x-filial`…).
 */
export type RequestParts<E extends Endpoint> = Part<'params', E['params']> &
  Part<'querystring', E['querystring']> &
  (E['multipart'] extends object ? { readonly body: FormData } : Part<'body', E['body']>) & {
    readonly headers?: Readonly<Record<string, string | undefined>>;
  };

/** A request ready for a transport: JSON bodies serialized, `content-type` set for them. */
export interface BuiltRequest {
  method: HttpMethod;
  /** The path with its params filled and its query (no origin; prefix one with `base`). */
  url: string;
  headers: Record<string, string>;
  /** JSON text, the multipart `FormData`, or nothing. */
  body: string | FormData | undefined;
}

/** `?a=1&b=2` from the defined, non-empty values (arrays repeat the name). */
export function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The request of `endpoint` with `parts`; `base` (an origin) goes before the path. Only the
 * entry's method and path are read, so a row of the schema-free `portalRoutes` serves as well
 * (its entry's type named: `buildRequest<Contract['login']>(portalRoutes.login, parts)`).
 */
export function buildRequest<E extends Endpoint>(
  endpoint: E,
  parts: RequestParts<E>,
  options?: { base?: string },
): BuiltRequest;
// The entry's type is named, never inferred: without it the parts could not be checked.
export function buildRequest<E extends Endpoint = never>(
  route: EndpointRoute,
  parts: RequestParts<NoInfer<E>>,
  options?: { base?: string },
): BuiltRequest;
export function buildRequest(
  endpoint: EndpointRoute,
  parts: RequestParts<Endpoint>,
  { base = '' }: { base?: string } = {},
): BuiltRequest {
  const {
    params,
    querystring,
    body,
    headers: given,
  } = parts as {
    params?: Record<string, string | number>;
    querystring?: object;
    body?: unknown;
    headers?: Record<string, string | undefined>;
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given ?? {}))
    if (value !== undefined) headers[name.toLowerCase()] = value;
  let payload: string | FormData | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  return {
    method: endpoint.method,
    url: `${base.replace(/\/+$/, '')}${fillPath(endpoint.path, params)}${queryString(querystring)}`,
    headers,
    body: payload,
  };
}
