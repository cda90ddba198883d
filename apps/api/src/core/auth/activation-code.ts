import { createHmac, randomInt } from 'node:crypto';
import {
  ACTIVATION_CODE_ALPHABET,
  ACTIVATION_CODE_LENGTH,
  normalizeActivationCode,
} from '@canal/shared';
import type { Keyring } from '../../crypto/keys';

/**
 * A fresh activation code for the receipt of a complaint recorded by staff (decision 0075), in two
 * blocks of four for reading aloud («K7QF-2M9X»). 28⁸ ≈ 3.8 × 10¹¹ codes: with the case's
 * throttle (10 failures per 15 minutes) a guesser has about one chance in 10⁸ over its 72 hours.
 */
export function newActivationCode(): string {
  let code = '';
  for (let i = 0; i < ACTIVATION_CODE_LENGTH; i += 1) {
    code += ACTIVATION_CODE_ALPHABET[randomInt(ACTIVATION_CODE_ALPHABET.length)];
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * What is stored of a code: an HMAC under a key derived from the master key (never in the
 * database), bound to its complaint, so a dump cannot be searched through the 28⁸ codes and the
 * same code on two complaints gives unrelated digests. Spaces, hyphens and case do not count.
 */
export function activationCodeDigest(keyring: Keyring, complaintId: number, code: string): string {
  return createHmac('sha256', keyring.derive('activation-code'))
    .update(`${complaintId}\n${normalizeActivationCode(code) ?? code}`)
    .digest('base64url');
}
