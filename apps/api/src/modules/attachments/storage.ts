import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decryptingStream, encryptingStream } from '../../crypto/file-cipher';
import { AppError } from '../../errors';
import { contentMatchesExtension, MAGIC_BYTES_NEEDED } from './magic';

export interface StagedFile {
  stagingName: string;
  storageKey: string;
  size: number;
}

/**
 * Files on disk under the data folder: uploads stream (encrypted) into `staging/`, and move into
 * `files/` only as part of committing the complaint; what is left in staging was never committed
 * and is swept.
 */
export class FileStore {
  readonly stagingDir: string;
  readonly filesDir: string;

  constructor(root: string) {
    this.stagingDir = path.join(root, 'staging');
    this.filesDir = path.join(root, 'files');
  }

  async init(): Promise<void> {
    await mkdir(this.stagingDir, { recursive: true });
    await mkdir(this.filesDir, { recursive: true });
  }

  /**
   * Streams one upload into staging, encrypted with `key`, checking its type by content on the
   * way. Throws FILE_TYPE_NOT_ALLOWED or EMPTY_FILE; the caller discards what it staged.
   */
  async stage(source: Readable, extension: string, key: Buffer): Promise<StagedFile> {
    const stagingName = randomUUID();
    const target = path.join(this.stagingDir, stagingName);
    let size = 0;
    let head: Buffer | null = Buffer.alloc(0);
    const checkType = (): void => {
      if (!contentMatchesExtension(extension, head ?? Buffer.alloc(0))) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      head = null;
    };
    const sniff = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (head === null) return done(null, chunk);
        head = Buffer.concat([head, chunk]);
        if (head.length < MAGIC_BYTES_NEEDED) return done();
        const buffered = head;
        try {
          checkType();
        } catch (error) {
          return done(error as Error);
        }
        done(null, buffered);
      },
      flush(done) {
        if (head === null) return done();
        if (head.length === 0) return done(new AppError('EMPTY_FILE'));
        const buffered = head;
        try {
          checkType();
        } catch (error) {
          return done(error as Error);
        }
        done(null, buffered);
      },
    });
    try {
      await pipeline(source, sniff, encryptingStream(key), createWriteStream(target, { mode: 0o600 }));
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    return { stagingName, storageKey: `${stagingName}.bin`, size };
  }

  /** Moves a staged file to its final place (same file system: an atomic rename). */
  async commit(file: StagedFile): Promise<void> {
    await rename(path.join(this.stagingDir, file.stagingName), path.join(this.filesDir, file.storageKey));
  }

  async discardStaged(files: StagedFile[]): Promise<void> {
    await Promise.all(files.map((f) => rm(path.join(this.stagingDir, f.stagingName), { force: true })));
  }

  async removeCommitted(files: StagedFile[]): Promise<void> {
    await Promise.all(files.map((f) => rm(path.join(this.filesDir, f.storageKey), { force: true })));
  }

  read(storageKey: string, key: Buffer): Promise<Readable> {
    return decryptingStream(path.join(this.filesDir, path.basename(storageKey)), key);
  }

  /** Deletes staged files not written to for `olderThanMs`: uploads that never committed. */
  async sweepStaging(olderThanMs: number, now = Date.now()): Promise<number> {
    return this.sweepDir(this.stagingDir, olderThanMs, now, () => true);
  }

  /**
   * Deletes committed-looking files that no row references (a crash between the rename and the
   * database commit), once they are old enough not to belong to a commit in progress.
   */
  async sweepOrphans(olderThanMs: number, isReferenced: (storageKey: string) => Promise<boolean>, now = Date.now()) {
    return this.sweepDir(this.filesDir, olderThanMs, now, async (name) => !(await isReferenced(name)));
  }

  private async sweepDir(
    dir: string,
    olderThanMs: number,
    now: number,
    shouldDelete: (name: string) => boolean | Promise<boolean>,
  ): Promise<number> {
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const full = path.join(dir, name);
      const info = await stat(full).catch(() => null);
      if (!info || now - info.mtimeMs < olderThanMs) continue;
      if (await shouldDelete(name)) {
        await rm(full, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
