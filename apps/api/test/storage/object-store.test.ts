import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { counted } from '../../src/storage/object-store';
import {
  createObjectStore,
  LocalObjectStore,
  ObjectNotFoundError,
  PART_SIZE,
  S3ObjectStore,
  type ObjectStore,
} from '../../src/storage';

const MiB = 1024 * 1024;

/**
 * `size` bytes of pseudo-random data (AES-CTR of zeros: incompressible, like ciphertext), produced
 * in 64 KiB chunks as they are read; `failAfter` makes the stream error once that many bytes went
 * out.
 */
function generated(size: number, seed: Buffer, failAfter?: number): Readable {
  const cipher = createCipheriv('aes-256-ctr', seed, Buffer.alloc(16));
  const zeros = Buffer.alloc(64 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('source broke'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(zeros.length, size - sent);
      sent += n;
      this.push(cipher.update(zeros.subarray(0, n)));
    },
  });
}

async function sha256(stream: Readable): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), bytes };
}

async function expectNoPartialUpload(store: ObjectStore, key: string): Promise<void> {
  if (store instanceof S3ObjectStore) {
    const uploads = await store.client.send(
      new ListMultipartUploadsCommand({ Bucket: store.bucket, Prefix: key }),
    );
    expect(uploads.Uploads ?? []).toEqual([]);
  } else if (store instanceof LocalObjectStore) {
    expect(await readdir(store.tempDir)).toEqual([]);
  }
}

interface Target {
  name: string;
  make: (dir: string) => Promise<ObjectStore>;
}

const targets: Target[] = [
  {
    name: 'local',
    make: (dir) => createObjectStore(loadConfig({ DATA_DIR: dir })),
  },
];
// The same contract against a real S3 server when the environment names one (CI: Swift).
if (process.env.STORAGE === 's3')
  targets.push({ name: 's3', make: () => createObjectStore(loadConfig(process.env)) });

describe.each(targets)('object store contract: $name', ({ make }) => {
  let dir: string;
  let store: ObjectStore;
  // Keys unique per run: a bucket outlives the test run.
  const run = randomBytes(6).toString('hex');
  const key = (name: string): string => `test/${run}/${name}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'object-store-'));
    store = await make(dir);
  });
  afterAll(async () => {
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers ping when usable', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('round-trips a multi-MiB file byte for byte, streamed both ways', async () => {
    const file = path.join(dir, 'source.bin');
    const content = randomBytes(6 * MiB + 123);
    await writeFile(file, content);
    const result = await store.put(key('file.bin'), createReadStream(file));
    expect(result.bytes).toBe(content.length);
    const back = await store.get(key('file.bin'));
    expect(back).toBeInstanceOf(Readable);
    expect(await sha256(back)).toEqual({
      hash: createHash('sha256').update(content).digest('hex'),
      bytes: content.length,
    });
    expect(await store.head(key('file.bin'))).toMatchObject({ bytes: content.length });
  });

  it('stores an object larger than several upload parts', async () => {
    const size = 4 * PART_SIZE + 777;
    const seed = randomBytes(32);
    const expected = await sha256(generated(size, seed));
    expect(await store.put(key('large.bin'), generated(size, seed))).toEqual({ bytes: size });
    const head = await store.head(key('large.bin'));
    expect(head?.bytes).toBe(size);
    // An S3 multipart object's ETag is "<md5 of the part md5s>-<number of parts>".
    if (store.kind === 's3') expect(head?.etag).toMatch(/-5"?$/);
    expect(await sha256(await store.get(key('large.bin')))).toEqual(expected);
  });

  it('replaces an object put again under the same key', async () => {
    await store.put(key('again.bin'), Readable.from([Buffer.from('first version')]));
    await store.put(key('again.bin'), Readable.from([Buffer.from('second')]));
    expect(await sha256(await store.get(key('again.bin')))).toEqual(
      await sha256(Readable.from([Buffer.from('second')])),
    );
  });

  it('stores an empty object', async () => {
    expect(await store.put(key('empty.bin'), Readable.from([]))).toEqual({ bytes: 0 });
    expect(await store.head(key('empty.bin'))).toMatchObject({ bytes: 0 });
  });

  it('tells whether an object exists, and its size', async () => {
    expect(await store.exists(key('missing.bin'))).toBe(false);
    expect(await store.head(key('missing.bin'))).toBeNull();
    await store.put(key('present.bin'), Readable.from([Buffer.from('hello')]));
    expect(await store.exists(key('present.bin'))).toBe(true);
    expect(await store.head(key('present.bin'))).toMatchObject({ bytes: 5 });
  });

  it('answers a typed not-found error for a missing key', async () => {
    const error = await store.get(key('never-written.bin')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect(error).toMatchObject({ code: 'OBJECT_NOT_FOUND', key: key('never-written.bin') });
  });

  it('deletes idempotently', async () => {
    await store.put(key('gone.bin'), Readable.from([Buffer.from('bye')]));
    await store.delete(key('gone.bin'));
    expect(await store.exists(key('gone.bin'))).toBe(false);
    await expect(store.delete(key('gone.bin'))).resolves.toBeUndefined();
    await expect(store.delete(key('never-there.bin'))).resolves.toBeUndefined();
    await expect(store.get(key('gone.bin'))).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('leaves no object and no partial upload when the source breaks mid-way', async () => {
    // Past two parts: on S3 the multipart upload has begun and parts are stored.
    const failAfter = 2 * PART_SIZE + 64 * 1024;
    await expect(
      store.put(key('broken.bin'), generated(8 * PART_SIZE, randomBytes(32), failAfter)),
    ).rejects.toThrow('source broke');
    expect(await store.exists(key('broken.bin'))).toBe(false);
    await expectNoPartialUpload(store, key('broken.bin'));
  });

  it('keeps the previous object when a replacement breaks', async () => {
    await store.put(key('kept.bin'), Readable.from([Buffer.from('complete')]));
    await expect(
      store.put(key('kept.bin'), generated(4 * PART_SIZE, randomBytes(32), PART_SIZE + 1)),
    ).rejects.toThrow('source broke');
    expect(await store.head(key('kept.bin'))).toMatchObject({ bytes: 8 });
  });

  it('stops an upload when its signal aborts, leaving nothing', async () => {
    const controller = new AbortController();
    const source = generated(8 * PART_SIZE, randomBytes(32));
    let read = 0;
    source.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > PART_SIZE + 1 && !controller.signal.aborted)
        controller.abort(new Error('shutting down'));
    });
    source.pause();
    await expect(
      store.put(key('aborted.bin'), source, { signal: controller.signal }),
    ).rejects.toThrow('shutting down');
    expect(await store.exists(key('aborted.bin'))).toBe(false);
    await expectNoPartialUpload(store, key('aborted.bin'));
  });

  it('refuses keys that could escape the store', async () => {
    for (const bad of ['../x', '/abs', 'a//b', '', '.hidden', 'a/../b'])
      await expect(store.put(bad, Readable.from([]))).rejects.toThrow(/Invalid object key/);
  });
});

describe('counted (every put reads its source through it)', () => {
  it('takes a source only a few chunks ahead of what the store has written (bounded memory)', async () => {
    const CHUNK = 64 * 1024;
    let pulled = 0;
    // An endless source, and a store that does not take anything yet.
    const source = new Readable({
      read() {
        pulled += CHUNK;
        this.push(Buffer.alloc(CHUNK));
      },
    });
    const { stream } = counted(source, undefined);
    // Let the streams move until they push back.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBeGreaterThan(0);
    // A few 64 KiB chunks in flight per upload (its own buffers and the source's), not megabytes.
    expect(pulled).toBeLessThanOrEqual(6 * CHUNK);
    stream.destroy();
  });
});

describe('object store readiness', () => {
  it('local: ping fails when the folder is gone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'object-store-'));
    const store = await createObjectStore(loadConfig({ DATA_DIR: dir }));
    await rm(dir, { recursive: true });
    await expect(store.ping()).rejects.toThrow();
  });

  it.runIf(process.env.STORAGE === 's3')(
    's3: ping fails for a bucket that does not exist',
    async () => {
      const store = await createObjectStore(
        loadConfig({ ...process.env, S3_BUCKET: `missing-${randomBytes(4).toString('hex')}` }),
      );
      await expect(store.ping()).rejects.toThrow();
      await store.close();
    },
  );
});

describe('storage settings', () => {
  it('uses the data folder unless told otherwise', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      STORAGE: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it('refuses STORAGE=s3 without bucket or credentials, naming each', () => {
    let message = '';
    try {
      loadConfig({ STORAGE: 's3' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(message).toContain(`${name}: es obligatoria con STORAGE=s3`);
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:8080',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ STORAGE: 's3', S3_FORCE_PATH_STYLE: true, S3_BUCKET: 'b' });
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ STORAGE: 'disk' })).toThrow(/STORAGE/);
  });
});
