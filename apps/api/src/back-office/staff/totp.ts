import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app understands: HMAC-SHA1, 30 s, 6 digits. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the previous and next step are accepted too (clock drift of the phone). */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Canal de Denuncias';

// The arithmetic (base32, HMAC, dynamic truncation) is the `otpauth` library's; this module only
// fixes the parameters, the replay rule and the URI the activation page shows.

export const base32Encode = (bytes: Buffer): string =>
  new Secret({ buffer: new Uint8Array(bytes).buffer }).base32;

/** Base32 as people type it: spaces, dashes and padding ignored, any case. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  if (!/^[A-Z2-7]*$/.test(clean)) throw new RangeError('Not base32');
  return Buffer.from(Secret.fromBase32(clean).bytes);
}

/** A new shared secret: 160 bits (RFC 4226 §4 recommends at least 160), base32 as apps expect. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** The code of one time step (RFC 4226 HOTP with the step as counter). */
export const totpCode = (secret: string, step: number): string =>
  HOTP.generate({
    secret: Secret.fromBase32(secret.replace(/[\s=-]/g, '').toUpperCase()),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    counter: step,
  });

/**
 * The time step whose code `code` is, within the window around `nowMs`, and later than
 * `lastUsedStep` (a code, or an older one, is never accepted twice); null when it matches none.
 */
export function matchTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(nowMs);
  let matched: number | null = null;
  // Every candidate is computed and compared in constant time, so timing says nothing about which.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const expected = Buffer.from(totpCode(secret, step));
    if (
      timingSafeEqual(expected, Buffer.from(code)) &&
      (lastUsedStep === null || step > lastUsedStep)
    )
      matched = step;
  }
  return matched;
}

/**
 * The otpauth:// URI an authenticator app reads from a QR code (Key Uri Format). Spelled out
 * rather than `TOTP#toString()` so that the activation answer keeps its exact bytes (the library
 * orders the parameters differently and leaves the label's colon unescaped).
 */
export function otpauthUri(secret: string, account: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
