// `buildRequest` through the shared index, and types only from the contract's: its zod schemas and
// its index's module graph stay out of the first load.
import {
  buildRequest,
  PENDING_FILING_HEADER,
  RESUMABLE_UPLOADS_PATH,
  type BuiltRequest,
  type RequestParts,
} from '@canal/shared';
import type { Endpoint, EndpointRoute } from '@canal/shared/contract';

/** What `send` allows a request by default; a GET started early keeps the same limit. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** An answer as `send` reads it: its status and its text. */
export interface Answer {
  status: number;
  text: string;
}

/** Who calls: the organisation (`x-filial`), and where the call needs them the bot-check token and the session. */
export interface Caller {
  organizationId?: string;
  botToken?: string;
  /** The complainant's session token, sent as `Authorization: Bearer …`. */
  bearer?: string;
  /** The filing form's pending filing token (`x-borrador`, decision 0074): its files and filing. */
  pendingToken?: string;
}

/** The parts of a call as its contract entry types them; the headers are the `Caller`'s. */
export type PortalParts<E extends Endpoint> = Omit<RequestParts<E>, 'headers'>;

/**
 * The request of a portal call (SPEC §7): its row of the contract's path table (`portalRoutes`,
 * `E` its entry), built by the contract's `buildRequest`, with the portal's headers, which are
 * added here and nowhere else. The client's calls, the bot check's and the GETs a route starts
 * early are all built here, so an early GET and the client's same call are the same request.
 */
export function portalRequest<E extends Endpoint = Endpoint>(
  route: EndpointRoute,
  parts: PortalParts<E>,
  caller: Caller,
): BuiltRequest {
  return buildRequest<E>(route, {
    ...parts,
    headers: portalHeaders(caller),
  } as unknown as RequestParts<E>);
}

/** The portal's headers of a call (`undefined`: not sent); the contract's calls and tus's alike. */
export function portalHeaders({ organizationId, botToken, bearer, pendingToken }: Caller) {
  return {
    'x-filial': organizationId,
    accept: 'application/json',
    // '' when the deployment's bot check is off: no header.
    'x-grecaptcha': botToken || undefined,
    authorization: bearer && `Bearer ${bearer}`,
    [PENDING_FILING_HEADER]: pendingToken,
  };
}

/**
 * Where resumable (tus) uploads are created: the portal's (decision 0055), or `path`, a case's
 * in the back office (decision 0074). Absolute, since tus-js-client resolves the upload's address
 * (`Location`) against it.
 */
export function resumableEndpoint(path: string = RESUMABLE_UPLOADS_PATH): string {
  return new URL(path, window.location.origin).toString();
}

/**
 * A GET through the browser's fetch, with `send`'s time limit: for the requests that leave before
 * the client's code has arrived (a route's loader) and the bot check's. The portal's one `fetch`.
 */
export function fetchAnswer({ method, url, headers }: BuiltRequest): Promise<Answer> {
  return fetch(url, { method, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
    async (response) => ({ status: response.status, text: await response.text() }),
  );
}

/** The one map of requests started early (decision 0026): each answer, until `send` takes it. */
const started = new Map<string, Promise<Answer>>();
// Every portal request is built by `portalRequest`, so the same call has the same headers in the
// same order.
const keyOf = ({ url, headers }: Pick<BuiltRequest, 'url' | 'headers'>) =>
  JSON.stringify([url, headers]);

/**
 * Starts a GET now, without the client's code (not in the first load): a route's loader sends its
 * requests while that code still downloads, and `send` takes the answer when the client makes the
 * same request (same URL and headers), once; a later call makes its own request, so nothing is
 * cached (SPEC §7). A failure stays for `send`, which words it as it words its own.
 */
export function startEarly(request: BuiltRequest): void {
  const answer = fetchAnswer(request);
  answer.catch(() => undefined);
  started.set(keyOf(request), answer);
}

/** The answer `startEarly` started for this request, handed over once; null when there is none. */
export function takeEarly(
  request: Pick<BuiltRequest, 'url' | 'headers'> & { method: string; body?: unknown },
): Promise<Answer> | null {
  if (request.method !== 'GET' || request.body !== undefined) return null;
  const key = keyOf(request);
  const answer = started.get(key) ?? null;
  started.delete(key);
  return answer;
}
