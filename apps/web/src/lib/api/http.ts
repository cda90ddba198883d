import { MESSAGES } from '@canal/shared';
import { REQUEST_TIMEOUT_MS, takeEarly, type Answer } from './request';

/** Reason phrases for the statuses the API answers; SPEC §8 words HTTP errors with them. */
const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
};

export type HttpErrorKind = 'http' | 'network' | 'timeout';

/**
 * Every failed call ends as one of these (SPEC §8): an HTTP error ("HTTP <status name> error has
 * ocurred calling <url>") carrying the server's `message` when it sent one; a network failure
 * mapped to a bad gateway; or "HTTP request timeout".
 */
export class HttpError extends Error {
  constructor(
    readonly kind: HttpErrorKind,
    readonly status: number,
    readonly url: string,
    /** The `message` field of the server's answer, when there was an answer with one. */
    readonly serverMessage: string | null = null,
  ) {
    super(
      kind === 'timeout'
        ? MESSAGES.timeout
        : MESSAGES.httpError(STATUS_NAMES[status] ?? String(status), url),
    );
    this.name = 'HttpError';
  }

  get statusText(): string {
    return STATUS_NAMES[this.status] ?? '';
  }

  /** True when a server answered (as opposed to a network failure or a timeout). */
  get hasResponse(): boolean {
    return this.kind === 'http';
  }
}

/**
 * What to tell a person when the service could not be reached or did not answer for itself (no
 * connection, a timeout, a gateway's 502/503/504 without the API's own message), in Spanish with
 * what to do; null when the API answered and its answer says what happened. The spec's technical
 * wording ("HTTP Bad Gateway error has ocurred calling …") is written to the console instead.
 */
export function unreachableMessage(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const message =
    error.kind === 'network'
      ? MESSAGES.noConnection
      : error.kind === 'timeout'
        ? MESSAGES.serviceTooSlow
        : [502, 503, 504].includes(error.status) && !error.serverMessage
          ? MESSAGES.serviceNotAnswering
          : null;
  if (message) console.error(error.message);
  return message;
}

export interface SendOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** A plain object is sent as JSON; FormData as multipart; a string as it is (with its `content-type` header). */
  body?: unknown;
  timeoutMs?: number;
  /** Upload progress, 0 to 1, for multipart calls. */
  onUploadProgress?: (fraction: number) => void;
}

export interface SendResult {
  status: number;
  body: unknown;
}

/** An answer's result: the parsed body of a 2xx, else the HTTP error with the server's message. */
function answered(url: string, { status, text }: Answer): SendResult {
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (status >= 200 && status < 300) return { status, body };
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : null;
  throw new HttpError('http', status, url, message);
}

/**
 * The result of an answer that came through fetch (`fetchAnswer`: a GET started early, the bot
 * check's), worded as `send` words its own: an HTTP error with the server's message, a network
 * failure, a timeout.
 */
export function settle(url: string, answer: Promise<Answer>): Promise<SendResult> {
  return answer.then(
    (received) => answered(url, received),
    (error: unknown) => {
      const timeout = error instanceof DOMException && error.name === 'TimeoutError';
      throw new HttpError(timeout ? 'timeout' : 'network', timeout ? 504 : 502, url);
    },
  );
}

/**
 * One request (a `buildRequest` result, portal and back office alike), through XMLHttpRequest: the
 * one browser API that reports upload progress, has a timeout and can be aborted, so JSON calls
 * and uploads go the same way. The same GET started early by a route's loader (`startEarly`)
 * answers instead, once.
 */
export function send(options: SendOptions): Promise<SendResult> {
  const early = takeEarly({ ...options, headers: options.headers ?? {} });
  if (early) return settle(options.url, early);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, options.url);
    xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    xhr.responseType = 'text';
    for (const [name, value] of Object.entries(options.headers ?? {}))
      xhr.setRequestHeader(name, value);
    let payload: XMLHttpRequestBodyInit | null = null;
    // FormData and text built by the contract's buildRequest (which set their own content type) go as they are.
    if (options.body instanceof FormData || typeof options.body === 'string')
      payload = options.body;
    else if (options.body !== undefined) {
      xhr.setRequestHeader('content-type', 'application/json');
      payload = JSON.stringify(options.body);
    }
    if (options.onUploadProgress && xhr.upload) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0)
          options.onUploadProgress!(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      try {
        resolve(answered(options.url, { status: xhr.status, text: xhr.responseText }));
      } catch (error) {
        reject(error as HttpError);
      }
    };
    xhr.onerror = () => reject(new HttpError('network', 502, options.url));
    xhr.ontimeout = () => reject(new HttpError('timeout', 504, options.url));
    xhr.send(payload);
  });
}
