import { Transform } from 'node:stream';
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

export const MAGIC = Buffer.from([0x89, 0x43, 0x44, 0x46, 0x0d, 0x0a]);
export const VERSION = 2;
export const HEADER_BYTES = 32;
export const SALT_AT = 9;
export const SALT_BYTES = 16;
export const PREFIX_AT = SALT_AT + SALT_BYTES;
export const PREFIX_BYTES = 7;
export const TAG_BYTES = 16;
/** 64 KiB of plaintext per segment (see bench/file-cipher.ts for the measurement behind it). */
export const SEGMENT_LOG2 = 16;
export const MIN_LOG2 = 12;
export const MAX_LOG2 = 24;
export const INFO = Buffer.from('canal-denuncias file v2');

export const V1_IV_BYTES = 12;

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

export const isV2 = (head: Buffer) =>
  head.length >= HEADER_BYTES &&
  head.subarray(0, MAGIC.length).equals(MAGIC) &&
  head[MAGIC.length] === VERSION;

/** Seals and opens the segments of one v2 file. */
export class SegmentCodec {
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

export function newHeader(options: EncryptOptions): Buffer {
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
 * What a decrypting transform fails with, from the error it met (a FileIntegrityError or another):
 * lets a caller emit its own error type without a second stream in between to translate it.
 */
export type IntegrityErrorMapper = (error: Error) => Error;

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
