import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** Finds the counter that solves an ALTCHA challenge (WebCrypto; runs in a worker when it can). */
export async function solve(challenge: unknown): Promise<unknown> {
  const solution = await solveChallenge({
    challenge: challenge as Challenge,
    deriveKey,
    timeout: 60_000,
  });
  if (!solution) throw new Error('No se pudo completar la verificación.');
  return solution;
}
