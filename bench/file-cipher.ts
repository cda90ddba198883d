// Benchmark of the stored-file cipher: `node --import tsx bench/file-cipher.ts [MiB]` (part of
// `npm run bench`, with 64 MiB). First upload and download through the local object store, as
// the routes do them — v1 (one GCM stream, the format before issue 9) against v2 (64 KiB
// authenticated segments, today's) in the same run; then MiB/s for a bare AES-256-GCM pipe (the
// floor), v1 and v2 with other segment sizes, from memory and from a file on disk.
// Figures only; nothing is asserted.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  decryptingStream,
  decryptingTransform,
  decryptingV1Transform,
  encryptingStream,
  LocalObjectStore,
} from '@canal/api/testing';

const MiB = 1024 * 1024;
const standalone = import.meta.url === `file://${process.argv[1]}`;
const total = Number((standalone && process.argv[2]) || 64) * MiB;
const CHUNK = 64 * 1024;
const key = randomBytes(32);
const block = randomBytes(4 * MiB);

/** `total` bytes in 64 KiB chunks (as a file or socket would give them), views of one block. */
function source(): Readable {
  let sent = 0;
  return new Readable({
    highWaterMark: CHUNK,
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(CHUNK, total - sent);
      const at = sent % block.length;
      this.push(block.subarray(at, at + n));
      sent += n;
    },
  });
}

const sink = () =>
  new Writable({
    write(_c, _e, done) {
      done();
    },
    writev(_c, done) {
      done();
    },
  });

/** The v1 writer (one GCM stream over the whole file), as it was before v2. */
function legacyEncryptV1(): Transform {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _e, done) {
      if (first) this.push(iv);
      first = false;
      done(null, cipher.update(chunk));
    },
    flush(done) {
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

function bareCipher(): Transform {
  const cipher = createCipheriv('aes-256-gcm', key, randomBytes(12));
  return new Transform({
    transform: (chunk: Buffer, _e, done) => done(null, cipher.update(chunk)),
    flush: (done) => done(null, cipher.final()),
  });
}

function bareDecipher(): Transform {
  const decipher = createDecipheriv('aes-256-gcm', key, randomBytes(12));
  return new Transform({
    transform: (chunk: Buffer, _e, done) => done(null, decipher.update(chunk)),
    flush: (done) => done(),
  });
}

type Case = [label: string, run: () => Promise<unknown>];

/**
 * Runs the cases interleaved, round after round, and prints each one's median: on a shared
 * machine the load changes from second to second, and interleaving spreads it over all cases.
 */
async function measure(cases: Case[], rounds = 5): Promise<void> {
  const rates = cases.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++)
    for (const [i, [, run]] of cases.entries()) {
      const start = process.hrtime.bigint();
      await run();
      rates[i]!.push(total / MiB / (Number(process.hrtime.bigint() - start) / 1e9));
    }
  for (const [i, [label]] of cases.entries()) {
    const sorted = rates[i]!.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `${label.padEnd(44)} ${median.toFixed(0).padStart(6)} MiB/s  (best ${sorted.at(-1)!.toFixed(0)})`,
    );
  }
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-cipher-'));
  const file = (name: string) => path.join(dir, name);
  try {
    console.log(`== file cipher: ${total / MiB} MiB, source chunks of ${CHUNK / 1024} KiB`);
    // Upload (source → encrypt → object store) and download (object store → decrypt), as the
    // filing and download routes do, through the local store: v1 against v2.
    const store = new LocalObjectStore({ root: file('store'), tempDir: file('staging') });
    await store.init();
    await measure([
      [
        'upload v1 (one GCM stream, before issue 9)',
        () => store.put('v1.bin', source().pipe(legacyEncryptV1())),
      ],
      [
        'upload v2 (64 KiB segments, today)',
        () => store.put('v2.bin', source().pipe(encryptingStream(key))),
      ],
      [
        'download v1',
        async () => pipeline(await store.get('v1.bin'), decryptingV1Transform(key), sink()),
      ],
      [
        'download v2',
        async () => pipeline(await store.get('v2.bin'), decryptingTransform(key), sink()),
      ],
    ]);
    const sealed: Buffer[] = [];
    await pipeline(
      source(),
      encryptingStream(key),
      new Writable({
        write(c: Buffer, _e, d) {
          sealed.push(c);
          d();
        },
      }),
    );
    await measure([
      ['floor: bare createCipheriv pipe, encrypt', () => pipeline(source(), bareCipher(), sink())],
      ['v1 encrypt', () => pipeline(source(), legacyEncryptV1(), sink())],
      ...[16, 18, 20].map((log2): Case => [
        `v2 encrypt, ${2 ** log2 / 1024} KiB segments`,
        () => pipeline(source(), encryptingStream(key, { segmentLog2: log2 }), sink()),
      ]),
      [
        'v2 decrypt, 64 KiB segments, from memory',
        () => pipeline(Readable.from(sealed), decryptingTransform(key), sink()),
      ],
    ]);
    sealed.length = 0;

    // Decrypting from disk, as a download does.
    await pipeline(source(), legacyEncryptV1(), createWriteStream(file('v1.bin')));
    for (const log2 of [16, 18, 20])
      await pipeline(
        source(),
        encryptingStream(key, { segmentLog2: log2 }),
        createWriteStream(file(`v2-${log2}.bin`)),
      );
    await pipeline(source(), createWriteStream(file('raw.bin')));
    await measure([
      [
        'floor: file read + bare createDecipheriv',
        () => pipeline(createReadStream(file('raw.bin')), bareDecipher(), sink()),
      ],
      [
        'v1 decrypt (file)',
        async () => pipeline(await decryptingStream(file('v1.bin'), key), sink()),
      ],
      ...[16, 18, 20].map((log2): Case => [
        `v2 decrypt (file), ${2 ** log2 / 1024} KiB segments`,
        async () => pipeline(await decryptingStream(file(`v2-${log2}.bin`), key), sink()),
      ]),
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (standalone) await run();
