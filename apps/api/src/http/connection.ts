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
  /**
   * An upload's minimum rate: at least `uploadMinBytes` in every `uploadRateWindowMs` (the first
   * window is the grace period), except a window in which the server itself held the body back.
   */
  uploadMinBytes: number;
  uploadRateWindowMs: number;
}

// The minimum rate: 48 KiB a minute, about 6.5 kbit/s, a tenth of a slow mobile line's upload;
// a minute's window lets a line stall for most of a minute (a tunnel, a handover) and go on.
// One byte every five seconds, which held an upload route for its whole hour, is cut after one.
export const DEFAULT_BODY_DEADLINES: BodyDeadlines = {
  jsonBodyMs: 30_000,
  uploadBodyMs: 3_600_000,
  uploadMinBytes: 48 * 1024,
  uploadRateWindowMs: 60_000,
};

const TOO_SLOW = 'La solicitud tardó demasiado.';
const UPLOAD_TOO_SLOW =
  'La conexión es demasiado lenta para recibir los archivos. Intente nuevamente con una conexión más estable.';

/** The body of a resumable (tus) upload's PATCH: a part of a file's bytes. */
export const RESUMABLE_BODY_TYPE = 'application/offset+octet-stream';

/**
 * The routes that take files — multipart, and the tus routes whose PATCH carries a file's bytes
 * (decision 0074) — are the only ones given the long deadline and the minimum rate.
 */
const isUploadRoute = (request: FastifyRequest) =>
  (request.routeOptions.schema?.consumes ?? []).some(
    (type) => type === 'multipart/form-data' || type === RESUMABLE_BODY_TYPE,
  );

/**
 * Per-route deadlines for receiving a request's body, and refused bodies left unread:
 * - a body still arriving after its route's deadline (short for JSON, long only for the two upload
 *   routes) gets a 408 and the connection is closed, whatever Node's server-wide timeouts are;
 * - an upload that brings less than its minimum in a window (`uploadMinBytes` per
 *   `uploadRateWindowMs`) gets a 408 and is closed too: the long deadline is for slow lines, not
 *   for a trickle that holds a connection and a staged upload for an hour;
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
    const upload = isUploadRoute(request);
    const cut = (message: string) => {
      if (raw.complete) return;
      request.log.info('cuerpo de la solicitud demasiado lento: conexión cerrada');
      if (reply.sent || reply.raw.headersSent) raw.socket.destroy();
      else answerAndClose(raw.socket, 408, message, production);
    };
    const timer = setTimeout(
      () => cut(TOO_SLOW),
      upload ? deadlines.uploadBodyMs : deadlines.jsonBodyMs,
    );
    timer.unref();
    const rate = upload ? watchUploadRate(request, deadlines, () => cut(UPLOAD_TOO_SLOW)) : null;
    const clear = () => {
      clearTimeout(timer);
      if (rate) clearInterval(rate);
    };
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

/**
 * Checks an upload's body rate once per window: the bytes read from the socket since the last
 * check must reach the minimum. A window in which the server held the body back (the store slow
 * to take a file: the request paused, or data received but not yet read) is not the client's and
 * is not judged. Counted on the socket (`bytesRead`), so nothing is taken from the body's reader.
 */
function watchUploadRate(
  request: FastifyRequest,
  deadlines: BodyDeadlines,
  tooSlow: () => void,
): NodeJS.Timeout {
  const raw = request.raw;
  const socket = raw.socket;
  let windowStart = socket.bytesRead;
  let heldBack = false;
  // A 'pause' listener leaves the stream's mode alone (only 'data' and 'readable' change it).
  raw.on('pause', () => (heldBack = true));
  const check = setInterval(() => {
    if (raw.complete || socket.destroyed) return clearInterval(check);
    const received = socket.bytesRead - windowStart;
    const serverBound = heldBack || raw.isPaused() || raw.readableLength > 0;
    windowStart = socket.bytesRead;
    heldBack = false;
    if (!serverBound && received < deadlines.uploadMinBytes) {
      clearInterval(check);
      tooSlow();
    }
  }, deadlines.uploadRateWindowMs);
  check.unref();
  return check;
}
