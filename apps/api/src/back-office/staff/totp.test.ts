import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('gives the RFC test vector at %i s', (seconds, code) => {
    // The RFC lists 8 digits; the 6-digit code is their last six.
    expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts the previous and next step but not two away', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });

  it('refuses a code of a step already used, or older', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('builds an otpauth URI apps read', () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', 'ana@empresa.cl');
    expect(uri).toMatch(
      /^otpauth:\/\/totp\/Canal%20de%20Denuncias%3Aana%40empresa\.cl\?secret=JBSWY3DPEHPK3PXP&issuer=/,
    );
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
  });
});

// An independent computation (RFC 4226 §5.3 spelled out with node:crypto) to check the library's.
function referenceCode(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('TOTP against an independent computation', () => {
  it('agrees with RFC 4226 HOTP over random secrets and steps', () => {
    for (let i = 0; i < 50; i++) {
      const key = randomBytes(20);
      const step = randomInt(0, 2 ** 40);
      expect(totpCode(base32Encode(key), step)).toBe(referenceCode(key, step));
    }
  });

  it('makes new secrets of 160 bits in base32', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('reads base32 as people type it and refuses anything else', () => {
    expect(base32Decode('mzxw 6ytb-oi==')).toEqual(Buffer.from('foobar'));
    expect(() => base32Decode('MZXW1')).toThrow(RangeError);
  });
});
