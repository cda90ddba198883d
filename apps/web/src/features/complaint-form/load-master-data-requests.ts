/**
 * The code that starts the new-complaint screen's master-data GETs (master-data-requests.ts: the
 * contract's request builder and the portal's headers), a small chunk of its own and not part of
 * the first load of `/`: the route's loader waits for it (app/router.tsx), and the home page's
 * terms checkbox, the way to that screen, warms it up (routes/home.tsx).
 */
export const loadMasterDataRequests = () => import('./master-data-requests');

/** Starts loading it ahead of the click; a failure is left to the loader. */
export function preloadMasterDataRequests(): void {
  loadMasterDataRequests().catch(() => undefined);
}
