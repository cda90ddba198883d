import path from 'node:path';
import type { Config } from '../config';
import { LocalObjectStore } from './local';
import type { ObjectStore } from './object-store';
import { loadS3Sdk, S3ObjectStore } from './s3';

export { LocalObjectStore } from './local';
export { ObjectNotFoundError, type ObjectHead, type ObjectStore } from './object-store';
export { PART_SIZE, S3ObjectStore } from './s3';

export type StorageConfig = Pick<
  Config,
  | 'STORAGE'
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The store the settings choose. Local: `DATA_DIR/files`, the folder today's files already live
 * in (a file's storage key is its name there), with partial writes in `DATA_DIR/staging`.
 * `prefix` (S3 only) puts every key under a prefix of its own: tests share one bucket with it.
 */
export async function createObjectStore(
  config: StorageConfig,
  options: { prefix?: string } = {},
): Promise<ObjectStore> {
  if (config.STORAGE === 's3') {
    const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
    // loadConfig already refuses STORAGE=s3 without these; this guards other callers.
    if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY)
      throw new Error('STORAGE=s3 requires S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    await loadS3Sdk();
    return new S3ObjectStore({
      bucket: S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: options.prefix,
    });
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const store = new LocalObjectStore({
    root: path.join(dataDir, 'files'),
    tempDir: path.join(dataDir, 'staging'),
  });
  await store.init();
  return store;
}
