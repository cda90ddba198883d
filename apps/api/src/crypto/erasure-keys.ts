import { createHash, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const dayText = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
/** Days are at most this far ahead of the ratchet (a retention of 100 years). */
const MAX_AHEAD = 36_600;

/** The key of an erasure day that has passed: the ratchet has destroyed it (decision 0047). */
export class ErasedKeyError extends Error {
  constructor(readonly day: string) {
    super(`La clave del día de eliminación ${day} fue destruida: el caso fue eliminado.`);
    this.name = 'ErasedKeyError';
  }
}

/**
 * The erasure ratchet (decision 0047): one 32-byte secret for `day`, from which the key of that
 * day and of every later day derive (the secret of day d + 1 is SHA-256 of day d's). A closed
 * case's data key is sealed under the key of its erasure day; moving the ratchet past that day
 * forgets the secret it came from, and no copy of the database can open that data key again.
 * The state lives outside the database (the object store, `ErasureKeyStore`), never in a backup.
 */
export class ErasureKeys {
  private readonly cache = new Map<string, KeyObject>();

  constructor(
    private day: string,
    private secret: Buffer,
  ) {
    if (!DAY.test(day) || secret.length !== 32)
      throw new Error('Estado de claves de eliminación inválido.');
  }

  /** A fresh ratchet starting on `day`. */
  static fresh(day: string): ErasureKeys {
    return new ErasureKeys(day, randomBytes(32));
  }

  static parse(text: string): ErasureKeys {
    const { day, secret } = JSON.parse(text) as { day: string; secret: string };
    return new ErasureKeys(day, Buffer.from(secret, 'base64'));
  }

  serialize(): string {
    return JSON.stringify({ day: this.day, secret: this.secret.toString('base64') });
  }

  /** The first day whose key still exists. */
  get firstDay(): string {
    return this.day;
  }

  /** The key of erasure day `day` (yyyy-mm-dd); ErasedKeyError once the ratchet has passed it. */
  keyFor(day: string): KeyObject {
    const cached = this.cache.get(day);
    if (cached) return cached;
    if (!DAY.test(day)) throw new Error(`Día inválido: ${day}`);
    const ahead = dayNumber(day) - dayNumber(this.day);
    if (ahead < 0) throw new ErasedKeyError(day);
    if (ahead > MAX_AHEAD) throw new Error(`Día de eliminación demasiado lejano: ${day}`);
    let state = this.secret;
    for (let i = 0; i < ahead; i++) state = createHash('sha256').update(state).digest();
    const key = createSecretKey(
      Buffer.from(hkdfSync('sha256', state, Buffer.alloc(0), 'erasure-day-key', 32)),
    );
    this.cache.set(day, key);
    return key;
  }

  /**
   * Moves the ratchet to `day` (never back): the secrets of the days before are forgotten here;
   * the caller then replaces the stored state. Returns whether it moved.
   */
  advanceTo(day: string): boolean {
    const ahead = dayNumber(day) - dayNumber(this.day);
    if (ahead <= 0) return false;
    let state = this.secret;
    for (let i = 0; i < ahead; i++) state = createHash('sha256').update(state).digest();
    this.secret.fill(0);
    this.secret = state;
    this.day = day;
    for (const d of this.cache.keys()) if (d < day) this.cache.delete(d);
    return true;
  }

  /** Takes another instance's newer state (read from the store). */
  adopt(other: ErasureKeys): void {
    if (other.day > this.day) {
      this.secret = other.secret;
      this.day = other.day;
      for (const d of this.cache.keys()) if (d < other.day) this.cache.delete(d);
    }
  }
}

export const addDays = (day: string, n: number) => dayText(dayNumber(day) + n);
