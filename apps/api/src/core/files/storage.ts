import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import {
  decryptingStream,
  decryptingTransform,
  decryptingV1Transform,
  encryptingStream,
  FileIntegrityError,
  HEADER_BYTES,
  isV2Header,
} from '../../crypto/file-cipher';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { LocalObjectStore, ObjectNotFoundError, type ObjectStore } from '../../storage';
import { contentMatchesExtension, headBytesNeeded } from './magic';
import { stagedStore } from './staged-store';

export interface StagedFile {
  storageKey: string;
  /** Plaintext bytes. */
  size: number;
}

/** A file just staged: with the SHA-256 of its plaintext (hex), which its receipt names. */
export interface HashedFile extends StagedFile {
  sha256: string;
}

/** Rows the sweep claims per query. */
const SWEEP_BATCH = 500;

/**
 * Uploaded files in the object store (decision 0009). An upload streams, encrypted, straight to
 * its final key while a `staged_files` row records it as staged; the transaction that records
 * the complaint's files deletes those rows (`commitStaged`); what is still staged after an hour
 * never committed and is swept, from the table, without listing the store.
 */
export class FileStore {
  /**
   * Object-store calls that failed, by operation, since the process started (`/metrics`
   * `storage_errors_total`). An upload refused for its own reasons (wrong type, empty, too large,
   * the client gone) is not a storage error.
   */
  readonly errors: Record<StorageOperation, number> = { put: 0, get: 0, delete: 0, ping: 0 };

  constructor(
    readonly store: ObjectStore,
    private readonly db: Db,
  ) {}

  /** Resolves when the store answers (readiness); a failure counts. */
  async ping(): Promise<void> {
    await this.counted('ping', this.store.ping());
  }

  /**
   * Streams one upload to the store, encrypted with `key`, checking its type by content on the
   * way. Throws FILE_TYPE_NOT_ALLOWED or EMPTY_FILE; nothing is left of a failed upload.
   */
  async stage(source: Readable, extension: string, key: Buffer): Promise<HashedFile> {
    const storageKey = `${randomUUID()}.bin`;
    let size = 0;
    const hash = createHash('sha256');
    let head: Buffer | null = Buffer.alloc(0);
    const needed = headBytesNeeded(extension);
    // Once enough bytes have arrived (or the file ended), check the type and pass them on.
    const releaseHead = (done: (error?: Error | null, data?: Buffer) => void): void => {
      const buffered = head ?? Buffer.alloc(0);
      head = null;
      if (!contentMatchesExtension(extension, buffered))
        return done(new AppError('FILE_TYPE_NOT_ALLOWED'));
      done(null, buffered);
    };
    const sniff = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        if (head === null) return done(null, chunk);
        head = Buffer.concat([head, chunk]);
        if (head.length < needed) return done();
        releaseHead(done);
      },
      flush(done) {
        if (head === null) return done();
        if (head.length === 0) return done(new AppError('EMPTY_FILE'));
        releaseHead(done);
      },
    });
    // The row first: a crash during the upload leaves a row the sweep finds.
    await stagedStore.add(this.db, storageKey);
    // pipeline() destroys every stream with the first error, so the store's source fails too.
    let failed: Error | null = null;
    let uploadFailed = false;
    source.once('error', () => (uploadFailed = true));
    const encrypted = pipeline(source, sniff, encryptingStream(key), (error) => {
      failed = error ?? null;
    });
    try {
      await this.store.put(storageKey, encrypted);
      // The source may fail after its last byte was read (a truncated part); check it ended well.
      if (failed) throw failed;
    } catch (error) {
      // The upload's own failure (its type, its size, the client gone) is not the store's.
      if (!uploadFailed && !(error instanceof AppError) && error !== failed) this.errors.put += 1;
      source.destroy();
      await this.discard([{ storageKey, size }]);
      throw error;
    }
    return { storageKey, size, sha256: hash.digest('hex') };
  }

  /**
   * Marks staged files committed, in the transaction that records them. Fails (and so rolls the
   * transaction back) if any of them is no longer staged: the sweep took it.
   */
  async commitStaged(tx: Db, files: StagedFile[]): Promise<void> {
    const keys = files.map((f) => f.storageKey);
    if ((await stagedStore.commit(tx, keys)) !== keys.length)
      throw new Error('A staged file was swept before its complaint committed');
  }

  /** Deletes files that were staged and will not be committed (their rows too). */
  async discard(files: StagedFile[]): Promise<void> {
    if (files.length === 0) return;
    await Promise.all(files.map((f) => this.counted('delete', this.store.delete(f.storageKey))));
    await stagedStore.remove(
      this.db,
      files.map((f) => f.storageKey),
    );
  }

  /**
   * The stored file, decrypted, read whole from the store (no range). The first segment is
   * checked before this resolves, so a file altered there (all of most documents) rejects with
   * FILE_INTEGRITY before any answer starts; a later altered segment makes the stream fail before
   * emitting any of its bytes (the answer is then cut short).
   */
  async read(storageKey: string, key: Buffer): Promise<Readable> {
    if (this.store instanceof LocalObjectStore) return this.readLocal(this.store, storageKey, key);
    const source = await this.counted('get', this.store.get(storageKey));
    try {
      const head = await readHead(source, HEADER_BYTES);
      const decrypt = isV2Header(head)
        ? decryptingTransform(key, integrityAsAppError)
        : decryptingV1Transform(key, integrityAsAppError);
      source.once('error', (e) => decrypt.destroy(e));
      decrypt.once('close', () => source.destroy());
      decrypt.write(head);
      if (source.readableEnded) decrypt.end();
      else source.pipe(decrypt);
      await firstChunk(decrypt);
      return decrypt;
    } catch (error) {
      source.destroy();
      if (error instanceof FileIntegrityError) throw new AppError('FILE_INTEGRITY');
      throw error;
    }
  }

  /**
   * `read` from the local store: the file decrypted in place (`decryptingStream`), one stream
   * and one reused read buffer instead of a read stream piped into a decrypting transform.
   */
  private async readLocal(store: LocalObjectStore, storageKey: string, key: Buffer) {
    try {
      return await decryptingStream(store.file(storageKey), key, integrityAsAppError);
    } catch (error) {
      if (error instanceof FileIntegrityError) throw new AppError('FILE_INTEGRITY');
      this.errors.get += 1;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new ObjectNotFoundError(storageKey);
      throw error;
    }
  }

  /**
   * Deletes files staged more than `olderThanMs` ago: uploads that never committed. In batches,
   * one query each; objects that cannot be deleted are given back to the next sweep. Also the
   * local store's partial writes (`partials`) of that age.
   */
  async sweepStaged(olderThanMs: number): Promise<{ staged: number; partials: number }> {
    let removed = 0;
    for (;;) {
      const keys = await stagedStore.claimStale(this.db, olderThanMs, SWEEP_BATCH);
      const results = await Promise.allSettled(
        keys.map((k) => this.counted('delete', this.store.delete(k))),
      );
      const failed = keys.filter((_, i) => results[i]!.status === 'rejected');
      await stagedStore.restore(this.db, failed);
      removed += keys.length - failed.length;
      if (failed.length > 0) {
        const first = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        throw first.reason;
      }
      if (keys.length < SWEEP_BATCH) break;
    }
    // Partial writes of the local store left by a crash (a key never names one).
    const partials =
      this.store instanceof LocalObjectStore ? await this.store.sweepPartials(olderThanMs) : 0;
    return { staged: removed, partials };
  }

  /** `call`, its failure counted under `operation`. */
  private async counted<T>(operation: StorageOperation, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      this.errors[operation] += 1;
      throw error;
    }
  }
}

export type StorageOperation = 'put' | 'get' | 'delete' | 'ping';

/** Reads from `source` until `n` bytes (or its end); the bytes read are returned, all of them. */
async function readHead(source: Readable, n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < n) {
    const chunk = source.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    if (source.readableEnded) break;
    if (source.errored) throw source.errored;
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        source.off('readable', onReady);
        source.off('end', onReady);
        source.off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      source.once('readable', onReady);
      source.once('end', onReady);
      source.once('error', settle);
    });
  }
  return Buffer.concat(chunks);
}

const integrityAsAppError = (error: Error): Error =>
  error instanceof FileIntegrityError ? new AppError('FILE_INTEGRITY') : error;

/**
 * Resolves once `stream` has produced its first chunk (put back, unread) or ended; rejects with
 * its error. The stream itself is then handed on: no second stream or async generator per chunk
 * between the decryption and the answer (decision 0027).
 */
function firstChunk(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      stream.pause();
      stream.unshift(chunk);
      settle();
    };
    const onEnd = () => settle();
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', settle);
  });
}
