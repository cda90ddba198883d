import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createObjectStore, type ObjectStore } from '../../src/storage';
import { migrateFolder } from '../../src/storage/migrate-folder';
import { storageEnv } from '@canal/test-support/app';

const REPO = path.resolve(import.meta.dirname, '../../../..');

// Folder → the configured store: a bucket in CI's STORAGE=s3 run (Swift), else another folder.
let dir: string;
let source: string;
let store: ObjectStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'canal-storage-migrate-'));
  source = path.join(dir, 'old', 'files');
  await mkdir(path.join(source, 'sub'), { recursive: true });
  const config = loadConfig({ ...storageEnv(), DATA_DIR: path.join(dir, 'new') });
  store = await createObjectStore(config, { prefix: `m-${randomBytes(4).toString('hex')}/` });
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const read = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('moving a data folder into the configured store', () => {
  it('copies every file under the same key, then skips them when run again', async () => {
    const files: Record<string, Buffer> = {
      [`${randomUUID()}.bin`]: randomBytes(300_000),
      [`${randomUUID()}.bin`]: randomBytes(10),
      'sub/anidado.bin': randomBytes(1000),
    };
    for (const [key, bytes] of Object.entries(files))
      await writeFile(path.join(source, ...key.split('/')), bytes);

    const first = await migrateFolder(source, store);
    expect(first).toEqual({ copied: 3, skipped: 0, bytes: 301_010 });
    for (const [key, bytes] of Object.entries(files))
      expect((await read(key)).equals(bytes)).toBe(true);

    expect(await migrateFolder(source, store)).toEqual({ copied: 0, skipped: 3, bytes: 0 });

    // An object of another size (an interrupted or wrong copy) is copied again.
    const [key, bytes] = Object.entries(files)[0]!;
    await store.put(key, Readable.from([Buffer.from('corto')]));
    expect(await migrateFolder(source, store)).toEqual({
      copied: 1,
      skipped: 2,
      bytes: bytes.length,
    });
    expect((await read(key)).equals(bytes)).toBe(true);
  });

  it('runs as `npm run storage:migrate` from DATA_DIR/files', async () => {
    const dataDir = path.join(dir, 'cli');
    const key = `${randomUUID()}.bin`;
    const bytes = randomBytes(2000);
    await mkdir(path.join(dataDir, 'files'), { recursive: true });
    await writeFile(path.join(dataDir, 'files', key), bytes);
    const target = path.join(dir, 'cli-target');
    const env = { ...process.env, ...storageEnv(), DATA_DIR: target };
    const run = () =>
      promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/api/src/cli/storage-migrate.ts',
          '--from',
          path.join(dataDir, 'files'),
        ],
        { cwd: REPO, env },
      );
    expect((await run()).stdout).toContain('Archivos copiados: 1 (2000 bytes); ya presentes: 0.');
    expect((await run()).stdout).toContain('Archivos copiados: 0 (0 bytes); ya presentes: 1.');
    const config = loadConfig({ ...storageEnv(), DATA_DIR: target });
    const check = await createObjectStore(config);
    try {
      expect(await check.head(key)).toMatchObject({ bytes: 2000 });
    } finally {
      await check.delete(key);
      await check.close();
    }
  }, 60_000);
});
