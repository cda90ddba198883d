import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type CipherGCM,
  type DecipherGCM,
  type KeyObject,
} from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open as openFile, type FileHandle } from 'node:fs/promises';
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';

/*
 * Stored file formats.
 *
 * v2 (written today): a STREAM construction (Hoang, Reyhanitabar, Rogaway, Vizár 2015; the one
 * Tink's streaming AEAD and age use). The file is a 32-byte header, then the plaintext cut into
 * segments of `2^log2` bytes (64 KiB), each sealed on its own with AES-256-GCM:
 *
 *   header  = magic "\x89CDF\r\n" (6) ‖ version 0x02 (1) ‖ key id (1) ‖ log2 segment size (1)
 *             ‖ salt (16) ‖ nonce prefix (7)
 *   segment = ciphertext (segment size, the last one 0..segment size) ‖ tag (16)
 *   file key = HKDF-SHA256(data key, salt, "canal-denuncias file v2")  — one key per file, so the
 *             complaint's data key can seal many files without any nonce ever repeating under it
 *   nonce_i = nonce prefix (7) ‖ uint32be(i) (4) ‖ final flag (1)
 *   AAD_i   = header (32) ‖ uint32be(i) ‖ final flag
 *
 * Every segment is checked before any of its bytes leave, so a reader never emits an altered
 * byte: a flipped byte fails its segment, reordered segments fail on the index, a dropped tail
 * fails because the last segment read was not sealed as final, bytes appended after the final
 * segment fail because it is then opened as not final. The header is in every segment's AAD, so
 * its version and key id cannot be changed either. The last segment is always present (empty
 * for an empty file), and is the only one that may be short.
 *
 * v1 (written until v2; still read): iv (12) ‖ AES-256-GCM ciphertext ‖ tag (16), one tag for the
 * whole file, checked only at its end. v1 starts with a random iv, so it cannot be told from v2
 * except by the 7 bytes of magic and version (a chance of 2^-56 of a v1 file looking like v2).
 */

const MAGIC = Buffer.from([0x89, 0x43, 0x44, 0x46, 0x0d, 0x0a]);
const VERSION = 2;
export const HEADER_BYTES = 32;
const SALT_AT = 9;
const SALT_BYTES = 16;
const PREFIX_AT = SALT_AT + SALT_BYTES;
const PREFIX_BYTES = 7;
const TAG_BYTES = 16;
/** 64 KiB of plaintext per segment (see bench/file-cipher.ts for the measurement behind it). */
export const SEGMENT_LOG2 = 16;
const MIN_LOG2 = 12;
const MAX_LOG2 = 24;
const INFO = Buffer.from('canal-denuncias file v2');

const V1_IV_BYTES = 12;

/** Raised when a stored file is not what was sealed: altered, truncated, reordered or extended. */
export class FileIntegrityError extends Error {
  readonly code = 'FILE_INTEGRITY';
  constructor(message = 'El archivo almacenado fue alterado o está incompleto.') {
    super(message);
    this.name = 'FileIntegrityError';
  }
}

export interface EncryptOptions {
  /** Which key sealed the file, for rotation later; 0 is the complaint's own data key. */
  keyId?: number;
  /** log2 of the plaintext bytes per segment; 16 (64 KiB) unless measured better. */
  segmentLog2?: number;
}

/** Stored size of a v2 file holding `plainBytes` bytes (for a Content-Length, or quotas). */
export function encryptedSize(plainBytes: number, segmentLog2 = SEGMENT_LOG2): number {
  const segment = 2 ** segmentLog2;
  const segments = Math.max(1, Math.ceil(plainBytes / segment));
  return HEADER_BYTES + plainBytes + segments * TAG_BYTES;
}

/** Plaintext size of a v2 file of `storedBytes` bytes. */
export function plainSize(storedBytes: number, segmentLog2 = SEGMENT_LOG2): number {
  const body = storedBytes - HEADER_BYTES;
  if (body < TAG_BYTES) throw new FileIntegrityError();
  const segments = Math.ceil(body / (2 ** segmentLog2 + TAG_BYTES));
  return body - segments * TAG_BYTES;
}

/** Plaintext size of a v1 (legacy) stored file of `storedBytes` bytes. */
export const plaintextSize = (storedBytes: number) => storedBytes - V1_IV_BYTES - TAG_BYTES;

/** The format of a stored file, from its first bytes (at least 9). */
export function storedFormat(head: Buffer): { version: 1 } | { version: 2; keyId: number } {
  if (isV2(head)) return { version: 2, keyId: head[7]! };
  return { version: 1 };
}

const isV2 = (head: Buffer) =>
  head.length >= HEADER_BYTES &&
  head.subarray(0, MAGIC.length).equals(MAGIC) &&
  head[MAGIC.length] === VERSION;

/** Seals and opens the segments of one v2 file. */
class SegmentCodec {
  /**
   * A KeyObject made once per file: handing createCipheriv a Buffer costs about 40 µs a call
   * (it builds a key object every time), as much as sealing 64 KiB; a KeyObject costs 5 µs.
   */
  private readonly fileKey: KeyObject;
  private readonly nonce = Buffer.alloc(12);
  private readonly aad: Buffer;
  readonly segmentBytes: number;

  constructor(
    key: Buffer,
    readonly header: Buffer,
  ) {
    const log2 = header[8]!;
    if (log2 < MIN_LOG2 || log2 > MAX_LOG2) throw new FileIntegrityError();
    this.segmentBytes = 2 ** log2;
    this.fileKey = createSecretKey(
      Buffer.from(
        hkdfSync('sha256', key, header.subarray(SALT_AT, SALT_AT + SALT_BYTES), INFO, 32),
      ),
    );
    header.copy(this.nonce, 0, PREFIX_AT, PREFIX_AT + PREFIX_BYTES);
    this.aad = Buffer.alloc(HEADER_BYTES + 5);
    header.copy(this.aad, 0, 0, HEADER_BYTES);
  }

  private setPosition(index: number, final: boolean): void {
    if (index > 0xffffffff) throw new FileIntegrityError('Archivo demasiado grande.');
    this.nonce.writeUInt32BE(index, PREFIX_BYTES);
    this.nonce[11] = final ? 1 : 0;
    this.aad.writeUInt32BE(index, HEADER_BYTES);
    this.aad[HEADER_BYTES + 4] = final ? 1 : 0;
  }

  /** Pushes the ciphertext and tag of one segment. */
  seal(plain: Buffer, index: number, final: boolean, push: (b: Buffer) => void): void {
    this.setPosition(index, final);
    const cipher = createCipheriv('aes-256-gcm', this.fileKey, this.nonce) as CipherGCM;
    cipher.setAAD(this.aad);
    if (plain.length > 0) push(cipher.update(plain));
    cipher.final();
    push(cipher.getAuthTag());
  }

  /** The plaintext of one segment (ciphertext ‖ tag), or a FileIntegrityError. */
  open(sealed: Buffer, index: number, final: boolean): Buffer {
    if (sealed.length < TAG_BYTES) throw new FileIntegrityError();
    this.setPosition(index, final);
    const decipher = createDecipheriv('aes-256-gcm', this.fileKey, this.nonce) as DecipherGCM;
    decipher.setAAD(this.aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    try {
      decipher.final();
    } catch {
      throw new FileIntegrityError();
    }
    return plain;
  }
}

function newHeader(options: EncryptOptions): Buffer {
  const keyId = options.keyId ?? 0;
  const log2 = options.segmentLog2 ?? SEGMENT_LOG2;
  if (!Number.isInteger(keyId) || keyId < 0 || keyId > 255) throw new RangeError('keyId');
  if (!Number.isInteger(log2) || log2 < MIN_LOG2 || log2 > MAX_LOG2) throw new RangeError('log2');
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header[6] = VERSION;
  header[7] = keyId;
  header[8] = log2;
  randomBytes(SALT_BYTES + PREFIX_BYTES).copy(header, SALT_AT);
  return header;
}

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

/**
 * What a decrypting transform fails with, from the error it met (a FileIntegrityError or another):
 * lets a caller emit its own error type without a second stream in between to translate it.
 */
export type IntegrityErrorMapper = (error: Error) => Error;

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

/**
 * Decrypts a v1 (legacy) byte stream from any source, without knowing its length: the last 16
 * bytes seen so far are held back as the possible tag. As v1 always was, it fails only at the
 * end (v1 files have one tag); files written today are v2.
 */
export function decryptingV1Transform(
  key: Buffer,
  asError: IntegrityErrorMapper = (e) => e,
): Transform {
  let iv: Buffer | null = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  let tail = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      let data = chunk;
      if (iv !== null) {
        iv = Buffer.concat([iv, data]);
        if (iv.length < V1_IV_BYTES) return done();
        decipher = createDecipheriv('aes-256-gcm', key, iv.subarray(0, V1_IV_BYTES));
        data = iv.subarray(V1_IV_BYTES);
        iv = null;
      }
      const all = tail.length > 0 ? Buffer.concat([tail, data]) : data;
      const cut = Math.max(0, all.length - TAG_BYTES);
      tail = Buffer.from(all.subarray(cut));
      done(null, cut > 0 ? decipher!.update(all.subarray(0, cut)) : undefined);
    },
    flush(done) {
      if (!decipher || tail.length < TAG_BYTES) return done(asError(new FileIntegrityError()));
      try {
        decipher.setAuthTag(tail);
        done(null, decipher.final());
      } catch {
        done(asError(new FileIntegrityError()));
      }
    },
  });
}

/** True when `head` (the first 32 bytes, or the whole file when shorter) starts a v2 file. */
export const isV2Header = (head: Buffer) => isV2(head);
