import { TOTP } from 'otpauth';

// Computed with otpauth, a library independent of the API's implementation, so that the end-to-end
// run checks the server against RFC 6238 as an authenticator app would.

/** RFC 6238 TOTP: HMAC-SHA1, 30-second steps, 6 digits (what every authenticator app computes). */
export const totp = (secret: string, now = Date.now()): string =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: now });

/**
 * The code an authenticator app shows now for `secret`, or `offset` steps away: the server refuses a
 * step already used, so a second code for the same person within 30 seconds takes the next step
 * (accepted within its ±1 window).
 */
export const totpNow = (secret: string, offset = 0) => totp(secret, Date.now() + offset * 30_000);
