import type { ApiClient } from './client';
import { sessionStore } from './session';

/** The client module (its HTTP, bot-check and mapping code), loaded once. */
const loadClientModule = () => import('./client');

/** Starts loading the client ahead of a first call (a form got the focus); errors wait for it. */
export function preloadApiClient(): void {
  loadClientModule().catch(() => undefined);
}

/**
 * The portal's API client without its code in the first load of `/` (decision 0026): the home page
 * calls the API only once the person acts, so the real client (`createApiClient`) loads on the
 * first call, or earlier through `preloadApiClient`. Every call but the three below returns a
 * promise, so waiting for the module first changes nothing for the caller.
 */
export function lazyApiClient(organizationId: string): ApiClient {
  let client: Promise<ApiClient> | undefined;
  const load = () =>
    (client ??= loadClientModule().then(
      (m) => m.createApiClient({ organizationId }),
      (error: unknown) => {
        client = undefined;
        throw error;
      },
    ));
  const direct: Partial<ApiClient> = {
    organizationId,
    session: () => sessionStore.get(),
    prepareBotCheck: () => {
      load().then(
        (real) => real.prepareBotCheck(),
        () => undefined,
      );
    },
  };
  return new Proxy(direct, {
    get: (target, key: string | symbol) => {
      if (key in target) return target[key as keyof ApiClient];
      // Only the client's own calls are forwarded: not `then` (the client is no promise), nor
      // symbols a debugger or a test library may look up.
      if (typeof key !== 'string' || key === 'then') return undefined;
      return (...args: unknown[]) =>
        load().then((real) =>
          (real[key as keyof ApiClient] as (...a: unknown[]) => Promise<unknown>)(...args),
        );
    },
  }) as ApiClient;
}
