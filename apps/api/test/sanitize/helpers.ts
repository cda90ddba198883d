import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sanitizingStream } from '../../src/sanitize';

/** Streams `data` through the sanitizer for `extension` in chunks of the given sizes (cycled). */
export async function sanitize(extension: string, data: Buffer, sizes = [data.length || 1]) {
  const parts: Buffer[] = [];
  for (let off = 0, i = 0; off < data.length; i++) {
    const n = sizes[i % sizes.length]!;
    parts.push(data.subarray(off, off + n));
    off += n;
  }
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(parts, { objectMode: false }),
    sanitizingStream(extension),
    new Writable({
      write(c: Buffer, _e, done) {
        out.push(c);
        done();
      },
    }),
  );
  return Buffer.concat(out);
}

/** Same output whether fed whole, a byte at a time, or in random-size chunks. */
export async function sanitizeAllWays(extension: string, data: Buffer): Promise<Buffer> {
  const whole = await sanitize(extension, data);
  const original = Buffer.from(data);
  const random = Array.from({ length: 40 }, () => 1 + Math.floor(Math.random() * 3000));
  for (const sizes of [[1], random, [7, 64 * 1024]]) {
    const other = await sanitize(extension, data, sizes);
    if (!other.equals(whole)) throw new Error(`chunks ${sizes.slice(0, 3).join(',')}… differ`);
  }
  // The sanitizer never writes into its input.
  if (!data.equals(original)) throw new Error('input modified');
  return whole;
}

export const has = (data: Buffer, text: string) => data.includes(Buffer.from(text, 'latin1'));
