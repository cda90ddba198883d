import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, counted, ObjectNotFoundError, STREAM_CHUNK_BYTES } from './object-store';
import type { ObjectHead, ObjectStore } from './object-store';

export interface LocalStoreOptions {
  /** Folder the keys are paths in. */
  root: string;
  /**
   * Folder for partial writes, on the same file system as `root` (so that the final rename is
   * atomic) and outside it (so that no key ever names a partial file).
   */
  tempDir: string;
}

/**
 * Objects as files in a folder. A put writes a temporary file, flushes it to disk (fsync) and
 * renames it into place, so a key names either nothing or a complete file, even after a crash; a
 * failed put removes its temporary file. A crash mid-write leaves one in `tempDir`.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly tempDir: string;

  constructor(options: LocalStoreOptions) {
    this.root = path.resolve(options.root);
    this.tempDir = path.resolve(options.tempDir);
  }

  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await mkdir(this.tempDir, { recursive: true });
  }

  /** The file that holds `key` (FileStore reads local files in place: decision 0027). */
  file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(
    key: string,
    source: Readable,
    options: { signal?: AbortSignal } = {},
  ): Promise<{ bytes: number }> {
    const target = this.file(key);
    const temp = path.join(this.tempDir, `${randomUUID()}.part`);
    const { stream, bytes } = counted(source, options.signal);
    const handle = await open(temp, 'wx', 0o600);
    try {
      // `flush`: fsync before the stream closes the file, so the rename never exposes a file whose
      // data is still only in the page cache.
      // A large buffer: while one write is at the disk, the next chunks gather and go in one writev.
      await pipeline(
        stream,
        handle.createWriteStream({ flush: true, highWaterMark: STREAM_CHUNK_BYTES }),
      );
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      source.destroy();
      await handle.close().catch(() => {});
      await rm(temp, { force: true });
      throw error;
    }
    return { bytes: bytes() };
  }

  async get(key: string): Promise<Readable> {
    const file = this.file(key);
    try {
      const handle = await open(file, 'r');
      return handle.createReadStream({ highWaterMark: STREAM_CHUNK_BYTES });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? { bytes: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async ping(): Promise<void> {
    await access(this.root, constants.R_OK | constants.W_OK);
    await access(this.tempDir, constants.R_OK | constants.W_OK);
  }

  /**
   * Deletes partial writes older than `olderThanMs` from `tempDir` (a crash mid-put leaves one);
   * returns how many. Younger ones may belong to a put in progress.
   */
  async sweepPartials(olderThanMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tempDir).catch(() => [] as string[])) {
      const full = path.join(this.tempDir, name);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await rm(full, { force: true });
      removed += 1;
    }
    return removed;
  }

  async close(): Promise<void> {}
}
