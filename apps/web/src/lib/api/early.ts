/**
 * Requests a route starts from its loader, before the page's code has arrived, handed to the first
 * screen that asks for the same thing (decision 0026). One hand-over per start: a later ask makes
 * a new request, so nothing is cached (SPEC §7).
 */
const started = new Map<string, Promise<unknown>>();

export function startEarly(key: string, request: () => Promise<unknown>): void {
  const pending = request();
  // The screen that takes it handles a failure; until then it is not an unhandled rejection.
  pending.catch(() => undefined);
  started.set(key, pending);
}

export function takeEarly<T>(key: string, request: () => Promise<T>): Promise<T> {
  const early = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return early ?? request();
}

/** What `send` allows a request by default; a GET started early keeps the same limit. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** A GET's answer as `send` reads it: its status and its text. */
export interface EarlyAnswer {
  status: number;
  text: string;
}

const fetched = new Map<string, Promise<EarlyAnswer>>();
// Header names are ASCII: compared by code unit, not with localeCompare, whose first call sets up
// ICU's collator (about 15 ms on the loader's path before the page's requests leave; decision
// 0026, round 4; figures in docs/bench/page-speed.md).
const fetchKey = (url: string, headers: Record<string, string>) =>
  JSON.stringify([url, Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);

/**
 * Starts a GET with the browser's fetch, without the API client's code (it is not in the first
 * load): a route's loader sends its requests while that code still downloads, and `send` takes
 * the answer when the client makes the same request (same URL and headers), once (decision 0026,
 * round 3). A failure stays for `send`, which words it as it words its own.
 */
export function fetchEarly(url: string, headers: Record<string, string>): void {
  const answer = fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
    async (response) => ({ status: response.status, text: await response.text() }),
  );
  answer.catch(() => undefined);
  fetched.set(fetchKey(url, headers), answer);
}

/** The answer `fetchEarly` started for this GET, handed over once; null when there is none. */
export function takeFetched(
  url: string,
  headers: Record<string, string>,
): Promise<EarlyAnswer> | null {
  const key = fetchKey(url, headers);
  const answer = fetched.get(key) ?? null;
  fetched.delete(key);
  return answer;
}
