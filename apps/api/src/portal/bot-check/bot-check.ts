import { randomInt } from 'node:crypto';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify as verifyAltcha } from 'altcha-lib/frameworks/shared';
import type { AltchaChallenge } from '@canal/shared/contract';
import type { Db } from '../../db/database';
import { usedTokenStore } from './used-token-store';

/** Verifies the `x-grecaptcha` header of a call (DESIGN §5): true when a person solved it. */
export interface BotCheck {
  readonly mode: 'altcha' | 'recaptcha' | 'off';
  /**
   * With `minLevel` (the filing route under a flood, portal/complaints/filing-limit.ts), an ALTCHA
   * token counts only if its challenge was served at that level of work or above.
   */
  verify(token: string | undefined, minLevel?: number): Promise<boolean>;
  /**
   * A fresh challenge for the browser (ALTCHA only): `level` multiplies the work by 4 each (the
   * address is filing in a flood), and the challenge carries it, signed, as `data.nivel`.
   */
  challenge?(level?: number): Promise<AltchaChallenge>;
}

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface AltchaOptions {
  /** Work asked of the browser: the solution counter is drawn from this range. */
  counterRange: [number, number];
}

/** Self-hosted proof of work; every solution is accepted once and only within 10 minutes. */
export function altchaBotCheck(db: Db, secret: Buffer, options: AltchaOptions): BotCheck {
  const hmacSignatureSecret = secret.toString('base64url');
  const hmacKeySignatureSecret = `${hmacSignatureSecret}.keys`;
  const store = {
    get: async () => false,
    set: async () => undefined,
    // Spent ids live in the database so that a token cannot be replayed against another process.
    setIfAbsent: (id: string) => usedTokenStore.spendOnce(db, id, CHALLENGE_TTL_MS / 1000),
  };
  return {
    mode: 'altcha',
    challenge: (level = 0) =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(
          options.counterRange[0] * 4 ** level,
          options.counterRange[1] * 4 ** level + 1,
        ),
        data: { nivel: level },
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(token, minLevel = 0) {
      if (!token || token.length > 8192) return false;
      const result = await verifyAltcha(
        token,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        store,
      );
      if (result.error !== null) return false;
      if (minLevel === 0) return true;
      // The level is in the challenge's signed parameters: verified above, it cannot be raised.
      const level = (
        result.payload as { challenge?: { parameters?: { data?: { nivel?: unknown } } } }
      ).challenge?.parameters?.data?.nivel;
      return typeof level === 'number' && level >= minLevel;
    },
  };
}

/** reCAPTCHA v3 (action "submit"), when an organisation configures its keys. */
export function recaptchaBotCheck(
  secret: string,
  minScore = 0.5,
  fetchImpl: typeof fetch = fetch,
): BotCheck {
  return {
    mode: 'recaptcha',
    async verify(token) {
      if (!token) return false;
      try {
        const answer = await fetchImpl('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token }),
          signal: AbortSignal.timeout(5000),
        });
        const body = (await answer.json()) as {
          success?: boolean;
          action?: string;
          score?: number;
        };
        return body.success === true && body.action === 'submit' && (body.score ?? 0) >= minScore;
      } catch {
        return false;
      }
    },
  };
}

/** Only when BOT_CHECK=off is set explicitly (tests, closed networks). */
export const noBotCheck: BotCheck = { mode: 'off', verify: async () => true };
