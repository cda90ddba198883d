import type { ApiClient } from '../../lib/api/client';
import { startEarly, takeEarly } from '../../lib/api/early';

// The new-complaint screen's master data (SPEC §7), without the query library: the route's loader
// starts it (app/router.tsx) while the screen's code downloads; master-data.ts's queries take it.

type MasterDataCall = 'categories' | 'zonesWithPlaces' | 'relationOptions' | 'recognitionOptions';
const CALLS: readonly MasterDataCall[] = [
  'categories',
  'zonesWithPlaces',
  'relationOptions',
  'recognitionOptions',
];

const key = (api: ApiClient, call: MasterDataCall) => `master-data:${api.organizationId}:${call}`;

/** Starts the four lists at once, in parallel with the page's chunks. */
export function startMasterData(api: ApiClient): void {
  for (const call of CALLS) startEarly(key(api, call), () => api[call]());
}

/** One list: the one the route started, else a new request. */
export function masterData<C extends MasterDataCall>(
  api: ApiClient,
  call: C,
): ReturnType<ApiClient[C]> {
  return takeEarly<unknown>(key(api, call), () => api[call]()) as ReturnType<ApiClient[C]>;
}
