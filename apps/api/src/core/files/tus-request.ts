import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import type { Server } from '@tus/server';

/** The bytes of a PATCH queued between the socket and tus: one socket read. */
const QUEUED_BYTES = 64 * 1024;

/**
 * The request body as a web stream of the socket's own chunks. `@tus/server`'s `handle` goes
 * through srvx, whose `Readable.toWeb` copies every chunk into a new `Uint8Array` ("to detach it
 * from the pool": an HTTP body chunk is no pool slice), so each 64 KiB of a file made one more
 * Buffer of garbage on top of the socket's and the ciphertext's; five uploads at once then grew
 * the server's memory past 64 MB before V8 collected it (docs/bench/uploads.md, round 3). Same
 * backpressure: the socket is paused while one read waits.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        // A client gone before the end is an error (premature close), as tus expects.
        finished(req, { writable: false }, (error) => {
          if (done) return;
          done = true;
          if (error) controller.error(error);
          else controller.close();
        });
      },
      pull() {
        req.resume();
      },
      cancel(reason) {
        done = true;
        req.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: QUEUED_BYTES }),
  );
}

/**
 * Has tus answer `req` on `res` through its web entry (`handleWeb`) with `bodyOf` as the body,
 * and the Node request attached as srvx attaches it (tus ends the upload on its `error`).
 */
export async function answerWithTus(
  tus: Server,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const method = req.method ?? 'GET';
  const request = new Request(new URL(req.url ?? '/', 'http://localhost'), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? null : bodyOf(req),
    duplex: 'half',
  } as RequestInit);
  Object.assign(request, { runtime: { name: 'node', node: { req, res } } });
  const answer = await tus.handleWeb(request);
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  if (res.destroyed) return;
  const head: Record<string, string> = {};
  answer.headers.forEach((value, name) => (head[name] = value));
  res.writeHead(answer.status, head);
  res.end(body);
}
