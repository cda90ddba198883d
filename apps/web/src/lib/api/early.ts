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
