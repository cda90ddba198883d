import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptingStream,
  decryptingTransform,
  encryptedSize,
  encryptingStream,
  FileIntegrityError,
  HEADER_BYTES,
  plainSize,
  plaintextSize,
  storedFormat,
} from './file-cipher';

const KiB = 1024;
const SEGMENT = 64 * KiB;
const SEALED = SEGMENT + 16;
const key = randomBytes(32);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-cipher-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The v1 writer as it was before v2 (iv ‖ one GCM stream ‖ tag), kept to prove old files read. */
function legacyEncryptV1(plain: Buffer, k: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** Feeds `data` in chunks of the given sizes (cycled). */
function chunked(data: Buffer, sizes: number[]): Readable {
  const parts: Buffer[] = [];
  for (let off = 0, i = 0; off < data.length; i++) {
    const n = sizes[i % sizes.length]!;
    parts.push(data.subarray(off, off + n));
    off += n;
  }
  return Readable.from(parts, { objectMode: false });
}

async function encryptToBuffer(plain: Buffer, sizes = [plain.length || 1]): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(
    chunked(plain, sizes),
    encryptingStream(key),
    new Transform({
      transform(c: Buffer, _e, d) {
        out.push(c);
        d();
      },
    }),
  );
  return Buffer.concat(out);
}

let n = 0;
async function store(bytes: Buffer): Promise<string> {
  const file = path.join(dir, `f${n++}.bin`);
  await writeFile(file, bytes);
  return file;
}

/**
 * Everything the stream emitted, and the error it ended with if any. Read in flowing mode, so a
 * chunk counts as emitted the moment it is pushed (an async iterator would drop what was still
 * buffered when the error came).
 */
function drain(stream: Readable): Promise<{ data: Buffer; error: unknown }> {
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('error', (error) => resolve({ data: Buffer.concat(chunks), error }));
    stream.on('end', () => resolve({ data: Buffer.concat(chunks), error: null }));
  });
}

async function decryptFile(file: string) {
  return drain(await decryptingStream(file, key));
}

describe('file cipher v2', () => {
  it.each([0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 2 * SEGMENT, 5 * 1024 * KiB + 123])(
    'round-trips %i bytes, at the computed size',
    async (size) => {
      const plain = randomBytes(size);
      const sealed = await encryptToBuffer(plain, [7 * KiB, 64 * KiB, 100 * KiB]);
      expect(sealed.length).toBe(encryptedSize(size));
      expect(plainSize(sealed.length)).toBe(size);
      expect(storedFormat(sealed)).toEqual({ version: 2, keyId: 0 });
      const { data, error } = await decryptFile(await store(sealed));
      expect(error).toBeNull();
      expect(data.equals(plain)).toBe(true);
    },
  );

  it('encrypts and decrypts the same whatever the chunking (1 byte, random, whole)', async () => {
    const plain = randomBytes(3 * SEGMENT + 999);
    const random = Array.from({ length: 50 }, () => 1 + Math.floor(Math.random() * 90_000));
    const sealed = await encryptToBuffer(plain, random);
    const small = randomBytes(300);
    const sealedSmall = await encryptToBuffer(small, [1]);
    for (const sizes of [[sealed.length], random, [SEALED], [1, 2, 3]]) {
      const { data, error } = await drain(chunked(sealed, sizes).pipe(decryptingTransform(key)));
      expect(error).toBeNull();
      expect(data.equals(plain)).toBe(true);
    }
    const one = await drain(chunked(sealedSmall, [1]).pipe(decryptingTransform(key)));
    expect(one.data.equals(small)).toBe(true);
  });

  it('a flipped byte in segment k: exactly the k segments before it come out, then an error', async () => {
    const plain = randomBytes(5 * SEGMENT + 10);
    const sealed = await encryptToBuffer(plain);
    for (const k of [1, 3, 5]) {
      const bad = Buffer.from(sealed);
      bad[HEADER_BYTES + k * SEALED + 5]! ^= 0x01;
      const fromFile = await decryptFile(await store(bad));
      expect(fromFile.error).toBeInstanceOf(FileIntegrityError);
      expect(fromFile.data.equals(plain.subarray(0, k * SEGMENT))).toBe(true);
      const fromStream = await drain(chunked(bad, [1000]).pipe(decryptingTransform(key)));
      expect(fromStream.error).toBeInstanceOf(FileIntegrityError);
      expect(fromStream.data.equals(plain.subarray(0, k * SEGMENT))).toBe(true);
    }
  });

  it("a file of several 1 MiB reads: a flipped byte in a later read stops it there, as the caller's error", async () => {
    const plain = randomBytes(40 * SEGMENT + 3);
    const sealed = await encryptToBuffer(plain);
    const k = 33; // in the third read (15 segments a read)
    const bad = Buffer.from(sealed);
    bad[HEADER_BYTES + k * SEALED + 1]! ^= 0x01;
    const mapped = new Error('mapped');
    const { data, error } = await drain(
      await decryptingStream(await store(bad), key, (e) =>
        e instanceof FileIntegrityError ? mapped : e,
      ),
    );
    expect(error).toBe(mapped);
    expect(data.equals(plain.subarray(0, k * SEGMENT))).toBe(true);
  });

  it('an altered first segment or header is refused before any byte is streamed', async () => {
    const plain = randomBytes(SEGMENT * 2);
    const sealed = await encryptToBuffer(plain);
    const inBody = Buffer.from(sealed);
    inBody[HEADER_BYTES + 5]! ^= 0x80;
    await expect(decryptingStream(await store(inBody), key)).rejects.toBeInstanceOf(
      FileIntegrityError,
    );
    const keyId = Buffer.from(sealed);
    keyId[7] = 1;
    await expect(decryptingStream(await store(keyId), key)).rejects.toBeInstanceOf(
      FileIntegrityError,
    );
    const tag = Buffer.from(sealed);
    tag[HEADER_BYTES + SEALED - 1]! ^= 0x01;
    await expect(decryptingStream(await store(tag), key)).rejects.toBeInstanceOf(
      FileIntegrityError,
    );
    await expect(decryptingStream(await store(sealed), randomBytes(32))).rejects.toBeInstanceOf(
      FileIntegrityError,
    );
  });

  it('a truncated file fails: last segment dropped, cut mid-segment, or only the header', async () => {
    const plain = randomBytes(3 * SEGMENT + 500);
    const sealed = await encryptToBuffer(plain);
    const dropLast = sealed.subarray(0, HEADER_BYTES + 3 * SEALED);
    const dropped = await decryptFile(await store(dropLast));
    expect(dropped.error).toBeInstanceOf(FileIntegrityError);
    expect(dropped.data.equals(plain.subarray(0, 2 * SEGMENT))).toBe(true);
    const midSegment = await decryptFile(
      await store(sealed.subarray(0, HEADER_BYTES + 2 * SEALED + 77)),
    );
    expect(midSegment.error).toBeInstanceOf(FileIntegrityError);
    expect(midSegment.data.equals(plain.subarray(0, 2 * SEGMENT))).toBe(true);
    const lastByte = await decryptFile(await store(sealed.subarray(0, sealed.length - 1)));
    expect(lastByte.error).toBeInstanceOf(FileIntegrityError);
    await expect(
      decryptingStream(await store(sealed.subarray(0, HEADER_BYTES)), key),
    ).rejects.toBeInstanceOf(FileIntegrityError);
    // An exact multiple of the segment size, cut at a segment boundary: the full segment left
    // was not sealed as final (the file is refused up front), nor is the second-last of three.
    const exact = randomBytes(3 * SEGMENT);
    const exactSealed = await encryptToBuffer(exact);
    await expect(
      decryptingStream(await store(exactSealed.subarray(0, HEADER_BYTES + SEALED)), key),
    ).rejects.toBeInstanceOf(FileIntegrityError);
    const cut = await decryptFile(await store(exactSealed.subarray(0, HEADER_BYTES + 2 * SEALED)));
    expect(cut.error).toBeInstanceOf(FileIntegrityError);
    expect(cut.data.equals(exact.subarray(0, SEGMENT))).toBe(true);
  });

  it('bytes appended after the final segment fail', async () => {
    const sealed = await encryptToBuffer(randomBytes(SEGMENT + 3));
    const longer = Buffer.concat([sealed, sealed.subarray(HEADER_BYTES, HEADER_BYTES + 40)]);
    const { error } = await decryptFile(await store(longer));
    expect(error).toBeInstanceOf(FileIntegrityError);
  });

  it('swapped segments fail at the first one out of place', async () => {
    const plain = randomBytes(4 * SEGMENT + 1);
    const sealed = await encryptToBuffer(plain);
    const swapped = Buffer.from(sealed);
    const s1 = HEADER_BYTES + SEALED;
    sealed.copy(swapped, s1, s1 + SEALED, s1 + 2 * SEALED);
    sealed.copy(swapped, s1 + SEALED, s1, s1 + SEALED);
    const { data, error } = await decryptFile(await store(swapped));
    expect(error).toBeInstanceOf(FileIntegrityError);
    expect(data.equals(plain.subarray(0, SEGMENT))).toBe(true);
  });

  it('segments of one file do not open in another sealed with the same key', async () => {
    const a = await encryptToBuffer(randomBytes(2 * SEGMENT + 1));
    const b = await encryptToBuffer(randomBytes(2 * SEGMENT + 1));
    const mixed = Buffer.from(a);
    b.copy(mixed, HEADER_BYTES + SEALED, HEADER_BYTES + SEALED, HEADER_BYTES + 2 * SEALED);
    const { error, data } = await decryptFile(await store(mixed));
    expect(error).toBeInstanceOf(FileIntegrityError);
    expect(data.length).toBe(SEGMENT);
  });
});

describe('file cipher v1 (legacy files)', () => {
  it.each([0, 1, 300 * KiB + 7])(
    'a v1 file of %i bytes written by the old code decrypts',
    async (size) => {
      const plain = randomBytes(size);
      const sealed = legacyEncryptV1(plain, key);
      expect(storedFormat(sealed)).toEqual({ version: 1 });
      expect(plaintextSize(sealed.length)).toBe(size);
      const file = await store(sealed);
      expect((await stat(file)).size).toBe(size + 28);
      const { data, error } = await decryptFile(file);
      expect(error).toBeNull();
      expect(data.equals(plain)).toBe(true);
    },
  );

  it('an altered v1 file still fails (at its end, as v1 can only)', async () => {
    const sealed = legacyEncryptV1(randomBytes(1000), key);
    sealed[500]! ^= 1;
    const { error } = await decryptFile(await store(sealed));
    expect(error).toBeInstanceOf(FileIntegrityError);
  });

  it('a v2 file on disk is what encryptingStream wrote through a file pipeline', async () => {
    const plain = randomBytes(SEGMENT * 3 + 5);
    const file = path.join(dir, 'piped.bin');
    const { createWriteStream } = await import('node:fs');
    await pipeline(Readable.from([plain]), encryptingStream(key), createWriteStream(file));
    expect((await readFile(file)).length).toBe(encryptedSize(plain.length));
    const { data } = await decryptFile(file);
    expect(data.equals(plain)).toBe(true);
  });

  it('a download abandoned half-way closes the file (v1 and v2)', async () => {
    const openFds = async () => (await readdir('/proc/self/fd')).length;
    const plain = randomBytes(40 * SEGMENT);
    for (const sealed of [await encryptToBuffer(plain), legacyEncryptV1(plain, key)]) {
      const file = await store(sealed);
      const before = await openFds();
      const stream = await decryptingStream(file, key);
      await new Promise((resolve) => stream.once('data', resolve));
      stream.destroy();
      await sleep(50);
      expect(await openFds()).toBe(before);
    }
  });
});
