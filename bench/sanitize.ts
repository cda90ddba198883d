// Memory and speed of the investigator's copy: `node --import tsx bench/sanitize.ts [MiB]`.
// Writes one encrypted JPEG of 100 MiB (a real header, noise as entropy-coded data, an EXIF
// segment and an appended second image), then runs three downloads of it at once, each
// decrypting and stripping as the download route would, and prints the growth of the process's
// resident memory (goal: under 64 MB) and the throughput. Figures only; nothing is asserted.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import jpeg from 'jpeg-js';
import { decryptingStream, encryptingStream } from '../apps/api/src/crypto/file-cipher';
import { sanitizingStream } from '../apps/api/src/sanitize';

const MiB = 1024 * 1024;
const total = Number(process.argv[2] ?? 100) * MiB;
const key = randomBytes(32);

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** A JPEG of `total` bytes, streamed: headers of a real encoded image, then noise as scan data. */
function bigJpeg(): Readable {
  const small = jpeg.encode(
    { data: randomBytes(8 * 8 * 4), width: 8, height: 8 } as jpeg.RawImageData<Buffer>,
    90,
  ).data;
  const sos = small.indexOf(Buffer.from([0xff, 0xda]));
  const sosEnd = sos + 2 + small.readUInt16BE(sos + 2);
  const head = Buffer.concat([
    small.subarray(0, 2),
    segment(0xe1, Buffer.from('Exif\0\0GPSLatitude 33.4489 S', 'latin1')),
    small.subarray(2, sosEnd),
  ]);
  const tail = Buffer.concat([Buffer.from([0xff, 0xd9]), small]);
  // Noise with every 0xFF stuffed, as an encoder writes it.
  const block = randomBytes(MiB);
  for (let i = 0; i < block.length - 1; i++) if (block[i] === 0xff) block[i + 1] = 0;
  block[block.length - 1] = 0;
  let sent = 0;
  const body = total - head.length - tail.length;
  let state: 'head' | 'body' | 'tail' | 'done' = 'head';
  return new Readable({
    read() {
      if (state === 'head') {
        state = 'body';
        return void this.push(head);
      }
      if (state === 'body') {
        const n = Math.min(64 * 1024, body - sent);
        const at = sent % (block.length - 64 * 1024);
        this.push(block.subarray(at, at + n));
        sent += n;
        if (sent >= body) state = 'tail';
        return;
      }
      if (state === 'tail') {
        state = 'done';
        return void this.push(tail);
      }
      this.push(null);
    },
  });
}

const gc = (globalThis as { gc?: () => void }).gc;

async function downloads(file: string, round: number): Promise<void> {
  gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = process.hrtime.bigint();
  const sizes = await Promise.all(
    [0, 1, 2].map(async () => {
      let bytes = 0;
      let gps = false;
      await pipeline(
        await decryptingStream(file, key),
        sanitizingStream('jpg'),
        new Writable({
          highWaterMark: 64 * 1024,
          write(chunk: Buffer, _e, done) {
            bytes += chunk.length;
            if (chunk.includes('GPSLatitude')) gps = true;
            done();
          },
        }),
      );
      return { bytes, gps };
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `== sanitize, round ${round}: 3 concurrent downloads of a ${total / MiB} MiB JPEG (decrypt + strip)`,
  );
  console.log(
    `rss before ${(before.rss / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB, ` +
      `growth ${((peak - before.rss) / MiB).toFixed(1)} MiB (goal < 61 MiB = 64 MB)`,
  );
  console.log(
    `${((3 * total) / MiB / seconds).toFixed(0)} MiB/s in all; out ${sizes[0]!.bytes} bytes each; ` +
      `GPS left: ${sizes.some((s) => s.gps)}`,
  );
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-sanitize-'));
  const file = path.join(dir, 'photo.bin');
  try {
    await pipeline(bigJpeg(), encryptingStream(key), createWriteStream(file));
    for (const round of [1, 2]) await downloads(file, round);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
