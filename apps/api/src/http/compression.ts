import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON answers at least this long are compressed (below it the headers cost more than they save). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * The encoding an `Accept-Encoding` header takes, br before gzip; none when it names neither or
 * refuses them (`;q=0`). `*` counts as both. Not `@fastify/accept-negotiator`: it answers `br`
 * to `*, br;q=0`, an encoding the client refused.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** `data` compressed as `encoding` says, at the API's level for answers made per request. */
export function compress(data: string | Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? // Quality 4: close to gzip's speed, smaller than gzip's output.
      brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipAsync(data);
}

/**
 * Compresses the API's JSON answers of COMPRESSION_THRESHOLD bytes or more, brotli or gzip as
 * the client accepts (decision 0025): a case list or a case view shrinks about 3:1. Answers that
 * carry their encoding already (the master data, compressed once in the catalogue), files and
 * pages are left as they are.
 */
export function registerCompression(
  app: FastifyInstance,
  options: { isApiRoute: (r: FastifyRequest) => boolean },
): void {
  // A callback hook, not an async one: most answers pass through untouched, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const encoding = encodingFor(request, reply, payload);
    if (!encoding) return done(null, payload);
    compress(payload as string | Buffer, encoding).then(
      (bytes) => {
        reply.header('content-encoding', encoding).removeHeader('content-length');
        done(null, bytes);
      },
      (error: Error) => done(error),
    );
  });

  /** The encoding to compress this answer with; null to send it as it is. */
  function encodingFor(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
    if (!options.isApiRoute(request) || reply.hasHeader('content-encoding')) return null;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return null;
    if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD) return null;
    reply.header('vary', 'accept-encoding');
    return acceptedEncoding(request.headers['accept-encoding']);
  }
}
