import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import { decryptingTransform } from '../../crypto/file-cipher';
import { newHeader, SegmentCodec } from '../../crypto/file-segments';
import { SegmentSealer } from './segment-sealer';

const SEGMENT = 64 * 1024;
const key = randomBytes(32);

/** Cuts `bytes` into chunks of the sizes given, round and round. */
function chunks(bytes: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    // Each chunk a Buffer of its own, as a socket hands them.
    out.push(Buffer.from(bytes.subarray(at, at + size)));
    at += size;
  }
  return out;
}

/** Feeds `pieces` to a sealer of the file from `offset`; its sealed bytes and what it kept. */
function seal(header: Buffer, size: number, offset: number, pieces: Buffer[]) {
  const sealed: Buffer[] = [];
  const sealer = new SegmentSealer(new SegmentCodec(key, header), size, offset, (b) =>
    sealed.push(b),
  );
  for (const piece of pieces) sealer.feed(piece);
  return { bytes: Buffer.concat(sealed), kept: sealer.kept };
}

const open = async (stored: Buffer) =>
  buffer(Readable.from([stored]).pipe(decryptingTransform(key)));

describe('SegmentSealer (the resumable PATCH path)', () => {
  it('seals chunks of any size into the very bytes of the file sealed whole, which open', async () => {
    const file = randomBytes(5 * SEGMENT + 12_345);
    const header = newHeader({});
    const whole = seal(header, file.length, 0, [file]);
    const odd = seal(
      header,
      file.length,
      0,
      chunks(file, [1, 7, SEGMENT - 1, SEGMENT + 1, 100_000]),
    );
    expect(odd.kept).toBe(file.length);
    expect(odd.bytes.equals(whole.bytes)).toBe(true);
    expect((await open(Buffer.concat([header, odd.bytes]))).equals(file)).toBe(true);
  });

  it('keeps whole segments only when a PATCH stops mid-segment, and goes on from there', async () => {
    const file = randomBytes(3 * SEGMENT + 10);
    const header = newHeader({});
    const first = seal(
      header,
      file.length,
      0,
      chunks(file.subarray(0, SEGMENT * 2 + 500), [9_000]),
    );
    expect(first.kept).toBe(2 * SEGMENT);
    const rest = seal(header, file.length, first.kept, chunks(file.subarray(first.kept), [777]));
    expect(rest.kept).toBe(file.length);
    const stored = Buffer.concat([header, first.bytes, rest.bytes]);
    expect((await open(stored)).equals(file)).toBe(true);
  });

  it('copies no plaintext per segment: whole segments are views of the chunks, the others share one buffer', () => {
    const file = randomBytes(20 * SEGMENT);
    const codec = new SegmentCodec(key, newHeader({}));
    const sealSpy = vi.spyOn(codec, 'seal');
    const sealer = new SegmentSealer(codec, file.length, 0, () => undefined);
    // Socket-like chunks that never line up with the segments, and some that hold whole ones.
    const pieces = chunks(file, [40_000, 3 * SEGMENT + 5, 1_000]);
    for (const piece of pieces) sealer.feed(piece);
    expect(sealSpy).toHaveBeenCalledTimes(20);
    const chunkMemory = new Set(pieces.map((p) => p.buffer));
    const plaintexts = sealSpy.mock.calls.map(([plain]) => plain.buffer);
    const gathered = new Set(plaintexts.filter((b) => !chunkMemory.has(b)));
    // Segments straddled chunks many times, and all of them were gathered in one buffer.
    expect(plaintexts.filter((b) => !chunkMemory.has(b)).length).toBeGreaterThan(5);
    expect(gathered.size).toBe(1);
  });

  it('refuses bytes past the end of the file', () => {
    const sealer = new SegmentSealer(new SegmentCodec(key, newHeader({})), 10, 0, () => undefined);
    expect(() => sealer.feed(Buffer.alloc(11))).toThrow(RangeError);
  });
});
