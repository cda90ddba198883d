import { pipeline, Transform, type Readable } from 'node:stream';

/**
 * Where uploaded files live. The application encrypts before `put` and decrypts after `get`: a
 * store only ever sees ciphertext, and reads whole objects (decryption never needs a range).
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` to `key` without holding the whole object in memory, replacing what was there.
   * The object appears only once the source has ended: if the source errors or `signal` aborts,
   * the promise rejects and nothing is left under `key` (nor a partial upload).
   */
  put(
    key: string,
    source: Readable,
    options?: { signal?: AbortSignal },
  ): Promise<{ bytes: number }>;
  /** The whole object as a stream; rejects with ObjectNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Size (and, on S3, the ETag) of the object, or null when there is none. */
  head(key: string): Promise<ObjectHead | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store can be written and read (readiness); rejects otherwise. */
  ping(): Promise<void>;
  /** Frees sockets and the like; the store is not used afterwards. */
  close(): Promise<void>;
}

export interface ObjectHead {
  bytes: number;
  etag?: string;
}

export class ObjectNotFoundError extends Error {
  readonly code = 'OBJECT_NOT_FOUND';
  constructor(readonly key: string) {
    super(`No object under key ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

// Keys are relative paths of plain segments: they map to files below the local root and to S3
// keys alike, so that a data folder's files move into a bucket under the same names.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertKey(key: string): void {
  if (key.length === 0 || key.length > 512 || !key.split('/').every((s) => SEGMENT.test(s)))
    throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
}

/**
 * Passes `source` through, counting its bytes; an abort of `signal` destroys the source, so that
 * whatever reads it fails the same way as on a broken upload.
 */
export function counted(
  source: Readable,
  signal: AbortSignal | undefined,
): { stream: Readable; bytes: () => number } {
  let bytes = 0;
  if (signal) {
    const abort = (): void => {
      source.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    source.once('close', () => signal.removeEventListener('abort', abort));
  }
  // A Transform, not an async generator: a generator costs a promise and a wake-up per chunk,
  // which under CPU contention dominated an upload's time (decision 0027). Its own buffers keep
  // the default size: the store's write stream gathers the 1 MiB writes. Two more MiB here held
  // each upload's ciphertexts long enough for V8 to move them to the old generation, which it
  // only collects 64 MB of Buffers later: five uploads at once grew the server's memory past
  // 64 MB (decision 0080, docs/bench/uploads.md round 3).
  const stream = new Transform({
    transform(chunk: Buffer | string, _enc, done) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      done(null, buffer);
    },
  });
  // A failure on either side destroys both: the reader sees the source's error, and a reader
  // that gives up releases the source.
  pipeline(source, stream, () => {});
  return { stream, bytes: () => bytes };
}

/**
 * How many bytes a file stream buffers before it pushes back (busboy's file parts, the local
 * store's writes and reads): 1 MiB, so that a write or read to disk carries many segments at
 * once instead of one round trip to the thread pool per 64 KiB (decision 0027).
 */
export const STREAM_CHUNK_BYTES = 1024 * 1024;
