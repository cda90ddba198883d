import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'encryption.key';

/**
 * Key hierarchy: one master key from the environment; per-complaint data keys wrapped by it; and
 * purpose keys derived from it with HKDF so that no key ever serves two purposes.
 */
export interface Keyring {
  /** Wraps a fresh data key for a new complaint; returns the key and its wrapped form for storage. */
  newDataKey(): { key: Buffer; wrapped: string };
  unwrapDataKey(wrapped: string): Buffer;
  /** Encrypts with the master key itself (outbox payloads, mailbox): data not tied to one complaint. */
  sealWithMaster(plaintext: string): string;
  openWithMaster(sealed: string): string;
  /** Deterministic keyed hash for lookups without plaintext (e-mail → complaints). */
  blindIndex(value: string): string;
  /** Secret for a named purpose (URL signing, bot-check HMAC …). */
  derive(purpose: string): Buffer;
}

export function createKeyring(master: Buffer): Keyring {
  if (master.length !== 32) throw new Error('La clave maestra debe tener 32 bytes.');
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), purpose, 32));
  const wrapKey = derive('data-key-wrapping');
  const indexKey = derive('blind-index');
  return {
    newDataKey() {
      const key = randomBytes(32);
      return { key, wrapped: seal(wrapKey, key.toString('base64')) };
    },
    unwrapDataKey: (wrapped) => Buffer.from(open(wrapKey, wrapped), 'base64'),
    sealWithMaster: (plaintext) => seal(wrapKey, plaintext),
    openWithMaster: (sealed) => open(wrapKey, sealed),
    blindIndex: (value) => createHmac('sha256', indexKey).update(value).digest('base64url'),
    derive,
  };
}

/** AES-256-GCM of a UTF-8 string; output is base64 of iv ‖ ciphertext ‖ tag. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

export function open(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

export const sealNullable = (key: Buffer, value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? null : seal(key, value);
export const openNullable = (key: Buffer, value: string | null) =>
  value === null ? null : open(key, value);

function parseKey(text: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}

/**
 * The master key from DATA_ENCRYPTION_KEY, or (outside production) one generated into the data
 * folder on first start. `warn` is told when the generated key is used, so that nobody runs a real
 * deployment on it without knowing.
 */
export function loadMasterKey(
  configured: string | undefined,
  dataDir: string,
  warn: (msg: string) => void,
): Buffer {
  if (configured) return parseKey(configured);
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  warn(
    `DATA_ENCRYPTION_KEY no está definida: se usa la clave generada en ${file}. ` +
      'Guárdela de forma segura; sin ella los datos cifrados no se pueden leer. En producción es obligatoria.',
  );
  return parseKey(readFileSync(file, 'utf8').trim());
}
