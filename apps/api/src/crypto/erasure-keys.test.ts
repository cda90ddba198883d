import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, ErasedKeyError, ErasureKeys } from './erasure-keys';
import { createKeyring } from './keys';

describe('the erasure ratchet', () => {
  it('derives the same day key from an older state, and none of a day it has passed', () => {
    const keys = ErasureKeys.fresh('2026-11-27');
    const later = ErasureKeys.parse(keys.serialize());
    later.advanceTo('2027-01-01');
    const secret = (k: ErasureKeys, day: string) => k.keyFor(day).export().toString('hex');
    expect(secret(later, '2031-11-27')).toBe(secret(keys, '2031-11-27'));
    expect(() => later.keyFor('2026-12-31')).toThrow(ErasedKeyError);
    expect(later.advanceTo('2026-12-01')).toBe(false);
    expect(later.firstDay).toBe('2027-01-01');
  });

  it('seals a data key until a day, keeps the day through a key rotation, and opens it no more once the day has passed', () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    const keys = ErasureKeys.fresh('2026-11-27');
    const underA = createKeyring(a, [], randomBytes(32)).withErasureKeys(keys);
    const { key, wrapped } = underA.newDataKey();
    const sealed = underA.sealDataKeyUntil(wrapped, '2031-11-27');
    expect(sealed).toMatch(new RegExp(`^e1:2031-11-27:k2:${underA.keyId}:`));
    expect(underA.unwrapDataKey(sealed).equals(key)).toBe(true);

    // keys:rewrap under B keeps the day and needs no day key.
    const rotating = createKeyring(b, [a]).withErasureKeys(keys);
    const rewrapped = rotating.rewrapDataKey(sealed);
    expect(rewrapped).toMatch(new RegExp(`^e1:2031-11-27:k2:${rotating.keyId}:`));
    expect(rotating.wrappedKeyId(rewrapped)).toBe(rotating.keyId);
    expect(createKeyring(b).withErasureKeys(keys).unwrapDataKey(rewrapped).equals(key)).toBe(true);
    // Unsealed (a legal hold): the master key alone opens it again.
    expect(
      createKeyring(b).unwrapDataKey(rotating.sealDataKeyUntil(rewrapped, null)).equals(key),
    ).toBe(true);

    keys.advanceTo(addDays('2031-11-27', 1));
    expect(() => rotating.unwrapDataKey(rewrapped)).toThrow(ErasedKeyError);
    // Re-wrapping after the day still works (nothing to open), and still opens nothing.
    expect(() => rotating.unwrapDataKey(rotating.rewrapDataKey(rewrapped))).toThrow(ErasedKeyError);
  });
});
