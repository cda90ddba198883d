import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Stored file layout: iv (12) ‖ AES-256-GCM ciphertext ‖ tag (16). Streams both ways so a
 * 120 MB upload never sits whole in memory.
 */
export function encryptingStream(key: Buffer): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let wroteIv = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!wroteIv) {
        this.push(iv);
        wroteIv = true;
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!wroteIv) this.push(iv);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/** Plaintext size of a stored file of `storedBytes` bytes. */
export const plaintextSize = (storedBytes: number) => storedBytes - IV_BYTES - TAG_BYTES;

/** A readable stream of the decrypted file; fails at the end if the file was altered. */
export async function decryptingStream(filePath: string, key: Buffer): Promise<Readable> {
  const handle = await openFile(filePath, 'r');
  let iv: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    iv = Buffer.alloc(IV_BYTES);
    tag = Buffer.alloc(TAG_BYTES);
    await handle.read(iv, 0, IV_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const source =
    size - TAG_BYTES > IV_BYTES
      ? createReadStream(filePath, { start: IV_BYTES, end: size - TAG_BYTES - 1 })
      : null;
  const out = new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, decipher.update(chunk));
    },
    flush(done) {
      try {
        done(null, decipher.final());
      } catch (error) {
        done(error as Error);
      }
    },
  });
  if (source) {
    source.on('error', (e) => out.destroy(e));
    source.pipe(out);
  } else out.end();
  return out;
}
