import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * What the portal's worker does with a challenge from `GET /v1/altcha`: solves it and encodes the
 * `x-grecaptcha` token (base64 of the challenge and its solution). Used by the bot-check tests and
 * the filing benchmark.
 */
export async function solvedAltchaToken(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no se pudo resolver el desafío ALTCHA');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
