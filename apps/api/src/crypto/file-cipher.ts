import { createDecipheriv } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open as openFile, type FileHandle } from 'node:fs/promises';
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import {
  FileIntegrityError,
  HEADER_BYTES,
  isV2,
  newHeader,
  SegmentCodec,
  TAG_BYTES,
  V1_IV_BYTES,
  type EncryptOptions,
  type IntegrityErrorMapper,
} from './file-segments';

// The stored format, its sizes and its segments are in file-segments.ts; what the rest of the API
// reads from here is re-exported.
export {
  encryptedSize,
  FileIntegrityError,
  HEADER_BYTES,
  plainSize,
  plaintextSize,
  SEGMENT_LOG2,
  storedFormat,
  decryptingV1Transform,
  type EncryptOptions,
  type IntegrityErrorMapper,
} from './file-segments';

/**
 * Cuts a byte stream into fixed-size units with one unit of look-ahead: a full unit is handed on
 * only once a byte after it has arrived (or at the end, as the final one), since whether it is
 * the last is part of what is sealed. A unit that lies whole inside an incoming chunk is handed on
 * as a view of that chunk; only units that straddle chunks are copied, into one buffer allocated
 * once.
 */
abstract class Segmenter extends Transform {
  private acc: Buffer | null = null;
  private fill = 0;
  private held: Buffer | null = null;
  protected index = 0;

  protected abstract unitBytes(): number;
  protected abstract unit(data: Buffer, final: boolean): void;

  protected feed(chunk: Buffer): void {
    const size = this.unitBytes();
    let off = 0;
    while (off < chunk.length) {
      if (this.held) {
        const held = this.held;
        this.held = null;
        this.unit(held, false);
        continue;
      }
      if (this.fill === size) {
        this.fill = 0;
        this.unit(this.acc!, false);
        continue;
      }
      const rest = chunk.length - off;
      if (this.fill === 0 && rest >= size) {
        this.held = chunk.subarray(off, off + size);
        off += size;
        continue;
      }
      this.acc ??= Buffer.allocUnsafe(size);
      const take = Math.min(size - this.fill, rest);
      chunk.copy(this.acc, this.fill, off, off + take);
      this.fill += take;
      off += take;
    }
  }

  protected end_(): void {
    if (this.held) this.unit(this.held, true);
    else this.unit(this.acc ? this.acc.subarray(0, this.fill) : Buffer.alloc(0), true);
    this.held = null;
    this.fill = 0;
  }
}

class EncryptTransform extends Segmenter {
  private readonly codec: SegmentCodec;
  private readonly push_ = (b: Buffer) => this.push(b);

  constructor(key: Buffer, options: EncryptOptions) {
    super();
    this.codec = new SegmentCodec(key, newHeader(options));
    this.push(this.codec.header);
  }

  protected unitBytes() {
    return this.codec.segmentBytes;
  }

  protected unit(data: Buffer, final: boolean) {
    this.codec.seal(data, this.index++, final, this.push_);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.feed(chunk);
    done();
  }

  override _flush(done: TransformCallback) {
    this.end_();
    done();
  }
}

class DecryptTransform extends Segmenter {
  private codec: SegmentCodec | null;
  private readonly key: Buffer;
  private head: Buffer | null = null;

  constructor(
    key: Buffer,
    codec: SegmentCodec | null,
    firstIndex: number,
    private readonly asError: IntegrityErrorMapper = (e) => e,
  ) {
    super();
    this.key = key;
    this.codec = codec;
    this.index = firstIndex;
  }

  protected unitBytes() {
    return this.codec!.segmentBytes + TAG_BYTES;
  }

  protected unit(data: Buffer, final: boolean) {
    const plain = this.codec!.open(data, this.index++, final);
    if (plain.length > 0) this.push(plain);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    try {
      if (!this.codec) {
        this.head = this.head ? Buffer.concat([this.head, chunk]) : chunk;
        if (this.head.length < HEADER_BYTES) return done();
        if (!isV2(this.head)) throw new FileIntegrityError('Formato de archivo desconocido.');
        this.codec = new SegmentCodec(this.key, Buffer.from(this.head.subarray(0, HEADER_BYTES)));
        chunk = this.head.subarray(HEADER_BYTES);
        this.head = null;
      }
      this.feed(chunk);
      done();
    } catch (error) {
      done(this.asError(error as Error));
    }
  }

  override _flush(done: TransformCallback) {
    try {
      if (!this.codec) throw new FileIntegrityError();
      this.end_();
      done();
    } catch (error) {
      done(this.asError(error as Error));
    }
  }
}

/**
 * Encrypts a byte stream into the v2 stored format. Bounded memory: at most one segment is held
 * (by reference, or copied into one buffer when it straddles chunks).
 */
export function encryptingStream(key: Buffer, options: EncryptOptions = {}): Transform {
  return new EncryptTransform(key, options);
}

/**
 * Decrypts a v2 byte stream, from any source and in chunks of any size. It emits each segment
 * only once its tag has been checked, and fails with FileIntegrityError at the first segment
 * that does not check. (For files on disk use `decryptingStream`, which also reads v1.)
 */
export function decryptingTransform(key: Buffer, asError?: IntegrityErrorMapper): Transform {
  return new DecryptTransform(key, null, 0, asError);
}

async function readAt(handle: FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Sealed bytes a file reader reads at once (whole segments, into one buffer reused). */
const FILE_READ_BYTES = 1024 * 1024;

/**
 * The segments of a v2 file on disk after the first, opened as they are read. The file's size
 * says which segment is the final one, so no segment waits for a byte after it, and the sealed
 * bytes are read into one buffer reused for the whole file: the only Buffers made per segment
 * are the plaintexts handed on (half the allocation of a read stream piped into a transform, and
 * so half of V8's full collections, which external memory triggers; decision 0027).
 */
class SegmentFileReader extends Readable {
  private readonly sealed: number;
  private readonly buffer: Buffer;
  private reading = false;
  private wanted = false;

  constructor(
    private readonly handle: FileHandle,
    private readonly codec: SegmentCodec,
    private readonly size: number,
    private position: number,
    private index: number,
    private readonly asError: IntegrityErrorMapper,
  ) {
    super({ highWaterMark: FILE_READ_BYTES });
    this.sealed = codec.segmentBytes + TAG_BYTES;
    this.buffer = Buffer.allocUnsafe(
      this.sealed * Math.max(1, Math.floor(FILE_READ_BYTES / this.sealed)),
    );
  }

  override _read(): void {
    // Asked again while a batch is still being opened: read the next one once it is done.
    this.wanted = this.reading;
    if (this.reading) return;
    this.reading = true;
    void this.readSome();
  }

  private async readSome(): Promise<void> {
    try {
      const length = Math.min(this.buffer.length, this.size - this.position);
      let got = 0;
      while (got < length) {
        const { bytesRead } = await this.handle.read(
          this.buffer,
          got,
          length - got,
          this.position + got,
        );
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      if (this.destroyed) return;
      // The file is shorter than it was when opened: cut, as a truncated file is.
      if (got < length) throw new FileIntegrityError();
      // Each segment goes out as soon as it checks, so a later altered one stops the stream
      // after exactly the segments before it. The buffer is not read into again meanwhile.
      for (let off = 0; off < got; off += this.sealed) {
        const end = Math.min(off + this.sealed, got);
        const final = this.position + end === this.size;
        const plain = this.codec.open(this.buffer.subarray(off, end), this.index++, final);
        if (plain.length > 0) this.push(plain);
      }
      this.position += got;
      this.reading = false;
      if (this.position === this.size) this.push(null);
      else if (this.wanted) this._read();
    } catch (error) {
      this.destroy(this.asError(error as Error));
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.handle.close().then(
      () => callback(error),
      () => callback(error),
    );
  }
}

/**
 * A readable stream of a stored file, decrypted; v1 or v2 by its header. `asError` maps the
 * stream's failures (FileIntegrityError) to the caller's own error; what this rejects with is not
 * mapped.
 *
 * v2: the first segment is read and checked before this resolves, so a file altered in its first
 * 64 KiB (all of most documents) rejects here, before any answer has started; a later altered
 * segment makes the stream fail before emitting any of it (the answer is then cut short of its
 * Content-Length). v1: fails only at the end, as it always did.
 */
export async function decryptingStream(
  filePath: string,
  key: Buffer,
  asError: IntegrityErrorMapper = (e) => e,
): Promise<Readable> {
  const handle = await openFile(filePath, 'r');
  try {
    const size = (await handle.stat()).size;
    const header = await readAt(handle, Math.min(size, HEADER_BYTES), 0);
    if (!isV2(header)) {
      await handle.close();
      return decryptV1(filePath, key, asError);
    }
    const codec = new SegmentCodec(key, header);
    const sealedSegment = codec.segmentBytes + TAG_BYTES;
    const firstEnd = Math.min(size, HEADER_BYTES + sealedSegment);
    const first = codec.open(
      await readAt(handle, firstEnd - HEADER_BYTES, HEADER_BYTES),
      0,
      firstEnd === size,
    );
    if (firstEnd === size) {
      await handle.close();
      const whole = new PassThrough();
      whole.end(first);
      return whole;
    }
    const out = new SegmentFileReader(handle, codec, size, firstEnd, 1, asError);
    if (first.length > 0) out.push(first);
    return out;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

async function decryptV1(
  filePath: string,
  key: Buffer,
  asError: IntegrityErrorMapper,
): Promise<Readable> {
  const handle = await openFile(filePath, 'r');
  let iv: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    iv = await readAt(handle, V1_IV_BYTES, 0);
    tag = await readAt(handle, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const source =
    size - TAG_BYTES > V1_IV_BYTES
      ? createReadStream(filePath, { start: V1_IV_BYTES, end: size - TAG_BYTES - 1 })
      : null;
  const out = new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, decipher.update(chunk));
    },
    flush(done) {
      try {
        done(null, decipher.final());
      } catch {
        done(asError(new FileIntegrityError()));
      }
    },
  });
  if (source) {
    source.on('error', (e) => out.destroy(e));
    out.once('close', () => source.destroy());
    source.pipe(out);
  } else out.end();
  return out;
}

/** True when `head` (the first 32 bytes, or the whole file when shorter) starts a v2 file. */
export const isV2Header = (head: Buffer) => isV2(head);
