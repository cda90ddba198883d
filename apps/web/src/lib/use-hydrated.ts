import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page the server wrote has not been taken over by React (on the server and during
 * hydration), true from then on (decision 0078). A control whose browser default would do the wrong
 * thing before the page's code runs — a form submitted by the browser itself, with what was typed in
 * the address — is disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
