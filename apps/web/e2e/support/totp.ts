import { createHmac } from 'node:crypto';

// Computed here, independently of the API's implementation, so that the end-to-end run checks the
// server against RFC 6238 as an authenticator app would.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/[\s=-]/g, '').toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP: HMAC-SHA1, 30-second steps, 6 digits (what every authenticator app computes). */
export function totp(secret: string, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The code an authenticator app shows now for `secret`, or `offset` steps away: the server refuses a
 * step already used, so a second code for the same person within 30 seconds takes the next step
 * (accepted within its ±1 window).
 */
export const totpNow = (secret: string, offset = 0) => totp(secret, Date.now() + offset * 30_000);
