import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ErasureKeys } from './erasure-keys';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'encryption.key';

/**
 * Key hierarchy: master keys from the environment (the current one, and during a rotation the
 * previous ones, read-only); per-complaint data keys wrapped by the current master key; and
 * purpose keys derived with HKDF from the root key so that no key ever serves two purposes.
 *
 * Wrapped values carry the id of the master key that wrapped them (`k2:<key id>:<sealed>`), so a
 * rotation can tell what is left to re-wrap; values wrapped before key ids (no prefix) are tried
 * with every master key. The root key (decision 0002) is what the purpose keys (blind index,
 * audit chain, file links …) derive from: stored in the database wrapped by the master key, it
 * survives a rotation, so the e-mail index and the audit chain stay valid.
 */
export interface Keyring {
  /** Id of the current master key (8 characters, from the key; reveals nothing of it). */
  readonly keyId: string;
  /** Wraps a fresh data key for a new complaint; returns the key and its wrapped form for storage. */
  newDataKey(): { key: Buffer; wrapped: string };
  /** The data key of a stored value: master-wrapped, or sealed until an erasure day as well (then
   * ErasedKeyError once the erasure ratchet has passed that day, decision 0047). */
  unwrapDataKey(wrapped: string): Buffer;
  /**
   * A stored data key wrapped again so that opening it also needs the key of erasure day `day`
   * (`e1:<day>:k2:…`, decision 0047); `null` takes that layer off (a case on legal hold).
   */
  sealDataKeyUntil(wrapped: string, day: string | null): string;
  /** The erasure day a stored data key is sealed until, or null. */
  sealedDay(wrapped: string): string | null;
  /** A stored data key under the current master key, keeping its erasure day (`keys:rewrap`). */
  rewrapDataKey(wrapped: string): string;
  /** The same keys with the erasure ratchet `keys` (the services' and commands' keyring). */
  withErasureKeys(keys: ErasureKeys): Keyring;
  /** Wraps an existing key (a data key or the root key) under the current master key. */
  wrapKey(key: Buffer): string;
  /** The id of the master key that wrapped `wrapped` (null: wrapped before key ids). */
  wrappedKeyId(wrapped: string): string | null;
  /** Seals with the current master key's wrapping key: data not tied to one complaint (outbox
   * payloads, mailbox, TOTP secrets). Same format and key ids as wrapped keys. */
  sealWithMaster(plaintext: string): string;
  openWithMaster(sealed: string): string;
  /** Deterministic keyed hash for lookups without plaintext (e-mail → complaints). */
  blindIndex(value: string): string;
  /** Secret for a named purpose (URL signing, bot-check HMAC …), from the root key. */
  derive(purpose: string): Buffer;
  /** Key-check values: the current master key's first, then the previous keys'. */
  checkValues(): string[];
  /** The same master keys with `root` as the root key. */
  withRoot(root: Buffer): Keyring;
  /** The master key (current or previous) whose key check is `check`, if any: the root of a
   * database created before the root was stored (everything was derived from that key). */
  masterWithCheck(check: string): Buffer | null;
}

const WRAPPED = /^k2:([A-Za-z0-9_-]{8}):/;
/** A data key sealed until an erasure day: `e1:<yyyy-mm-dd>:` before a master-wrapped value. */
const UNTIL = /^e1:(\d{4}-\d{2}-\d{2}):/;
const KEY_CHECK = 'canal-denuncias key check v1';

const hkdf = (key: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32));

/** The id of a master key: 8 base64url characters of an HMAC under a key derived from it. */
export const masterKeyId = (master: Buffer) =>
  createHmac('sha256', hkdf(master, 'key-id'))
    .update('canal-denuncias key id')
    .digest('base64url')
    .slice(0, 8);

interface Master {
  id: string;
  /** A `KeyObject`: Node prepares a `Buffer` key again on every cipher (about 11 µs each). */
  wrap: KeyObject;
  check: string;
}

function master(key: Buffer): Master {
  if (key.length !== 32) throw new Error('La clave maestra debe tener 32 bytes.');
  return {
    id: masterKeyId(key),
    wrap: createSecretKey(hkdf(key, 'data-key-wrapping')),
    // The key check (crypto/key-check.ts): an HMAC of a constant under a key derived from it.
    check: createHmac('sha256', hkdf(key, 'key-check')).update(KEY_CHECK).digest('base64url'),
  };
}

/** A wrapped value or sealed secret could not be opened with any master key given. */
export class UnknownMasterKeyError extends Error {
  constructor() {
    super(
      'Valor cifrado con una clave maestra que no está configurada (DATA_ENCRYPTION_KEY_PREVIOUS).',
    );
    this.name = 'UnknownMasterKeyError';
  }
}

/**
 * `current` wraps and seals; `previous` (during a rotation) only open. `root` is the key the
 * purpose keys derive from; by default the current master key (what every key was derived from
 * before the root was stored).
 */
export function createKeyring(
  current: Buffer,
  previous: Buffer[] = [],
  root?: Buffer,
  erasure?: ErasureKeys,
): Keyring {
  const masters = [master(current), ...previous.map(master)];
  const now = masters[0]!;
  const base = root ?? current;
  if (base.length !== 32) throw new Error('La clave raíz debe tener 32 bytes.');
  const derive = (purpose: string) => hkdf(base, purpose);
  const indexKey = createSecretKey(derive('blind-index'));
  const wrapText = (text: string) => `k2:${now.id}:${seal(now.wrap, text)}`;
  const openText = (sealed: string) => {
    const match = WRAPPED.exec(sealed);
    if (match) {
      const owner = masters.find((m) => m.id === match[1]);
      if (!owner) throw new UnknownMasterKeyError();
      return open(owner.wrap, sealed.slice(match[0].length));
    }
    // Wrapped before key ids: whichever master key opens it.
    for (const m of masters) {
      try {
        return open(m.wrap, sealed);
      } catch {
        // Not this one.
      }
    }
    throw new UnknownMasterKeyError();
  };
  const dayKey = (day: string) => {
    if (!erasure) throw new Error('Faltan las claves de eliminación (ErasureKeyStore).');
    return erasure.keyFor(day);
  };
  const unwrapDataKey = (wrapped: string) => {
    const until = UNTIL.exec(wrapped);
    if (!until) return Buffer.from(openText(wrapped), 'base64');
    const inner = openText(wrapped.slice(until[0].length));
    return Buffer.from(open(dayKey(until[1]!), inner), 'base64');
  };
  return {
    keyId: now.id,
    newDataKey() {
      const key = randomBytes(32);
      return { key, wrapped: wrapText(key.toString('base64')) };
    },
    unwrapDataKey,
    sealDataKeyUntil(wrapped, day) {
      const key = unwrapDataKey(wrapped).toString('base64');
      return day === null ? wrapText(key) : `e1:${day}:${wrapText(seal(dayKey(day), key))}`;
    },
    sealedDay: (wrapped) => UNTIL.exec(wrapped)?.[1] ?? null,
    rewrapDataKey(wrapped) {
      const until = UNTIL.exec(wrapped);
      if (!until) return wrapText(openText(wrapped));
      return `${until[0]}${wrapText(openText(wrapped.slice(until[0].length)))}`;
    },
    withErasureKeys: (keys) => createKeyring(current, previous, root, keys),
    wrapKey: (key) => wrapText(key.toString('base64')),
    wrappedKeyId: (wrapped) => WRAPPED.exec(wrapped.replace(UNTIL, ''))?.[1] ?? null,
    sealWithMaster: wrapText,
    openWithMaster: openText,
    blindIndex: (value) => createHmac('sha256', indexKey).update(value).digest('base64url'),
    derive,
    checkValues: () => masters.map((m) => m.check),
    withRoot: (newRoot) => createKeyring(current, previous, newRoot, erasure),
    masterWithCheck: (check) => {
      const at = masters.findIndex((m) => m.check === check);
      return at < 0 ? null : at === 0 ? current : previous[at - 1]!;
    },
  };
}

/**
 * A key for `seal`/`open` (and sealed fields): raw bytes, or a `KeyObject` made once with
 * `createSecretKey` where one key seals several values (each `Buffer` key is prepared anew).
 */
export type SealingKey = Buffer | KeyObject;

/** AES-256-GCM of a UTF-8 string; output is base64 of iv ‖ ciphertext ‖ tag. */
export function seal(key: SealingKey, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

export function open(key: SealingKey, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}

export const sealNullable = (key: SealingKey, value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? null : seal(key, value);
export const openNullable = (key: SealingKey, value: string | null) =>
  value === null ? null : open(key, value);

export function parseKey(text: string): Buffer {
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

/** DATA_ENCRYPTION_KEY_PREVIOUS: the keys a rotation moves away from, comma-separated. */
export const parsePreviousKeys = (configured: string | undefined): Buffer[] =>
  (configured ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map(parseKey);
