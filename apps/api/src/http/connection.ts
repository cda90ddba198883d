import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiSecurityHeaders } from './security-headers';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** Writes a whole JSON answer on the socket (when it can still be written) and closes it. */
export function answerAndClose(
  socket: Socket,
  status: number,
  message: string,
  production: boolean,
): void {
  if (socket.writable && !socket.destroyed) {
    const body = JSON.stringify({ message });
    const headers = {
      ...apiSecurityHeaders(production),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n${head}\r\n\r\n${body}`);
  }
  // Whatever the client still sends is not read: the socket goes once the answer is written.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Fastify's `clientErrorHandler`: malformed HTTP gets a Spanish answer with the security headers. */
export function clientErrorHandler(production: boolean) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      answerAndClose(socket, 408, 'La solicitud tardó demasiado.', production);
    else if (error.code === 'HPE_HEADER_OVERFLOW')
      answerAndClose(
        socket,
        431,
        'Los encabezados de la solicitud son demasiado grandes.',
        production,
      );
    else answerAndClose(socket, 400, 'La solicitud no es válida.', production);
  };
}

export interface BodyDeadlines {
  /** Longest time to receive the whole body of a JSON call (ms). */
  jsonBodyMs: number;
  /** Longest time to receive the whole body of an upload (multipart) call (ms). */
  uploadBodyMs: number;
}

export const DEFAULT_BODY_DEADLINES: BodyDeadlines = {
  jsonBodyMs: 30_000,
  uploadBodyMs: 3_600_000,
};

/** The routes that take files: the only ones given the long deadline. */
const isUploadRoute = (request: FastifyRequest) =>
  (request.routeOptions.schema?.consumes ?? []).includes('multipart/form-data');

/**
 * Per-route deadlines for receiving a request's body, and refused bodies left unread:
 * - a body still arriving after its route's deadline (short for JSON, long only for the two upload
 *   routes) gets a 408 and the connection is closed, whatever Node's server-wide timeouts are;
 * - an error answered before the body was read (a 403 for a bad bot token or a 400 without
 *   `x-filial` on an upload) closes the connection instead of reading the rest of a large body.
 */
export function registerConnectionGuards(
  app: FastifyInstance,
  deadlines: BodyDeadlines,
  production: boolean,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112 §6.3): nothing
    // to time (most GETs; headers have their own deadline, headersTimeout).
    if (
      raw.complete ||
      (raw.headers['content-length'] === undefined &&
        raw.headers['transfer-encoding'] === undefined)
    )
      return done();
    const limit = isUploadRoute(request) ? deadlines.uploadBodyMs : deadlines.jsonBodyMs;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info('cuerpo de la solicitud demasiado lento: conexión cerrada');
      if (reply.sent || reply.raw.headersSent) raw.socket.destroy();
      else answerAndClose(raw.socket, 408, 'La solicitud tardó demasiado.', production);
    }, limit);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('close', clear);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    // Node ends a `Connection: close` socket after the answer; make sure nothing more is read.
    const socket = request.raw.socket as Partial<Socket> | undefined;
    if (!request.raw.complete && typeof socket?.destroySoon === 'function') socket.destroySoon();
    done();
  });
}
