import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { logIntegrityFailures } from './errors';
import { DOWNLOAD_CSP, VIEWER_CSP } from './security-headers';

/** RFC 6266: an ASCII fallback and the UTF-8 name; `inline` for the viewer, else a download. */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'archivo';
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file an API route sends: its bytes as a stream, its name, type and size when known. */
export interface OutgoingFile {
  body: Readable;
  name: string;
  mimetype: string;
  size?: number;
}

/**
 * Sends `file` the one way every file leaves the API: as a download (inert anywhere:
 * DOWNLOAD_CSP) or, with `view`, inline for the back office's sandboxed viewer (VIEWER_CSP;
 * decision 0019); never sniffed, never cached; a stored file found altered is logged.
 */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: OutgoingFile,
  mode: 'download' | 'view' = 'download',
) {
  logIntegrityFailures(request, file.body);
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return reply
    .header('content-type', file.mimetype)
    .header(
      'content-disposition',
      contentDisposition(file.name, mode === 'view' ? 'inline' : 'attachment'),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', mode === 'view' ? VIEWER_CSP : DOWNLOAD_CSP)
    .header('cache-control', 'no-store')
    .send(file.body);
}
