import { solve } from './altcha-solve';
import { altchaTokenOf } from './altcha-token';

/**
 * The detail page's reads as public/lectura-temprana.js asks the portal's ALTCHA worker to make
 * them (decision 0079): one after the other, each with a fresh token of the bot check (SPEC §7),
 * the next only once the one before answered 2xx (the files once the complaint has loaded, SPEC
 * §2). In the worker, so that neither the proof of work nor the hops between its steps wait for
 * the page's main thread, busy evaluating and hydrating the page's code meanwhile.
 */
export interface EarlyReads {
  /** `GET /v1/altcha`'s path; null when the deployment's bot check is off (no token). */
  challenge: string | null;
  reads: { url: string; headers: Record<string, string> }[];
}

/** What the worker posts for read `index`: its answer, `sent: false` (no token), or a failure. */
export type EarlyAnswer =
  | { index: number; status: number; text: string }
  | { index: number; sent: false }
  | { index: number; failed: string };

/** As the page's own GETs (request.ts REQUEST_TIMEOUT_MS; not imported: the worker stays small). */
const TIMEOUT_MS = 30_000;

async function botToken(challengePath: string | null): Promise<string | null> {
  if (challengePath === null) return null;
  const response = await fetch(challengePath, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET ${challengePath}: ${response.status}`);
  const challenge: unknown = await response.json();
  return altchaTokenOf(challenge, await solve(challenge));
}

export async function readEarly(
  { challenge, reads }: EarlyReads,
  post: (answer: EarlyAnswer) => void,
): Promise<void> {
  for (const [index, { url, headers }] of reads.entries()) {
    let token: string | null;
    try {
      token = await botToken(challenge);
    } catch {
      // No token, no request: the page's code asks itself, as without this script.
      for (let rest = index; rest < reads.length; rest++) post({ index: rest, sent: false });
      return;
    }
    try {
      const response = await fetch(url, {
        headers: token ? { ...headers, 'x-grecaptcha': token } : headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      post({ index, status: response.status, text });
      if (response.ok) continue;
    } catch (error) {
      post({ index, failed: error instanceof Error ? error.name : 'Error' });
    }
    for (let rest = index + 1; rest < reads.length; rest++) post({ index: rest, sent: false });
    return;
  }
}
