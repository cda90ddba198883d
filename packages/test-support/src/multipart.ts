import { Readable } from 'node:stream';

export type Part =
  | { name: string; json: unknown }
  | { name: string; filename: string; content: Buffer; contentType?: string }
  /** A large file generated while it is sent: `head` then zero bytes up to `size`. */
  | { name: string; filename: string; head: Buffer; size: number; contentType?: string };

/** A file part without its field name (always `files` in the complaint calls). */
export type FilePart =
  | { filename: string; content: Buffer; contentType?: string }
  | { filename: string; head: Buffer; size: number; contentType?: string };

export const BOUNDARY = '----canal-denuncias-test-boundary';

/** A multipart/form-data body as a stream, so a 120 MB file never sits in the test's memory either. */
export function multipart(parts: Part[]): { body: Readable; headers: Record<string, string> } {
  async function* generate() {
    for (const part of parts) {
      if ('json' in part) {
        yield Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${JSON.stringify(part.json)}\r\n`,
        );
        continue;
      }
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${
          part.contentType ?? 'application/octet-stream'
        }\r\n\r\n`,
      );
      if ('content' in part) yield part.content;
      else {
        yield part.head;
        const chunk = Buffer.alloc(1024 * 1024);
        let left = part.size - part.head.length;
        while (left > 0) {
          const n = Math.min(left, chunk.length);
          yield n === chunk.length ? chunk : chunk.subarray(0, n);
          left -= n;
        }
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${BOUNDARY}--\r\n`);
  }
  return {
    body: Readable.from(generate()),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
