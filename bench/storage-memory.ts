// Memory of concurrent uploads to the configured object store:
//   `node --import tsx bench/storage-memory.ts [uploads=5] [MiB=120] [uploader=own|lib-storage]`
// With STORAGE=s3 and S3_* set (e.g. `eval "$(scripts/swift/start.sh)"`) it uploads to the bucket;
// otherwise to a temporary data folder. Prints the RSS growth (peak RSS sampled every 20 ms minus
// the RSS before) and the throughput. `lib-storage` runs the same uploads through
// @aws-sdk/lib-storage's Upload (5 MiB parts, queue 1), the uploader used before decision 0009,
// for comparison. Figures only; nothing is asserted.
import { Upload } from '@aws-sdk/lib-storage';
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createObjectStore, loadConfig, S3ObjectStore, type ObjectStore } from '@canal/api/testing';

const MiB = 1024 * 1024;

/** `size` incompressible bytes in 64 KiB chunks, produced as fast as they are read. */
function source(size: number): Readable {
  const cipher = createCipheriv('aes-256-ctr', randomBytes(32), Buffer.alloc(16));
  const zeros = Buffer.alloc(64 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(zeros.length, size - sent);
      sent += n;
      this.push(cipher.update(zeros.subarray(0, n)));
    },
  });
}

async function libStoragePut(store: S3ObjectStore, key: string, body: Readable): Promise<void> {
  await new Upload({
    client: store.client,
    params: { Bucket: store.bucket, Key: store.objectKey(key), Body: body },
    partSize: 5 * MiB,
    queueSize: 1,
  }).done();
}

export async function run(
  uploads = Number(process.argv[2] ?? 5),
  mib = Number(process.argv[3] ?? 120),
  uploader = process.argv[4] ?? 'own',
): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'canal-bench-storage-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const prefix = `bench-${randomBytes(4).toString('hex')}/`;
  const store: ObjectStore = await createObjectStore(config, { prefix });
  if (uploader === 'lib-storage' && !(store instanceof S3ObjectStore))
    throw new Error('lib-storage needs STORAGE=s3');
  const keys = Array.from({ length: uploads }, (_, i) => `objeto-${i}.bin`);
  // A warm-up upload, so that the SDK's and the runtime's one-off allocations are not counted.
  await store.put('warm-up.bin', source(6 * MiB));
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  await Promise.all(
    keys.map((key) =>
      uploader === 'lib-storage'
        ? libStoragePut(store as S3ObjectStore, key, source(mib * MiB))
        : store.put(key, source(mib * MiB)),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  for (const key of [...keys, 'warm-up.bin']) await store.delete(key);
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
  console.log(
    `== storage-memory: ${store.kind} (${uploader}), ${uploads} × ${mib} MiB concurrently: ` +
      `RSS +${((peak - before) / MiB).toFixed(1)} MiB (peak ${(peak / MiB).toFixed(0)} MiB), ` +
      `${((uploads * mib) / seconds).toFixed(1)} MiB/s in total`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
