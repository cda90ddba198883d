import type { ApiClient } from '../../lib/api/client';
import { fetchEarly, startEarly, takeEarly } from '../../lib/api/early';
import { baseHeaders, MASTER_DATA_PATHS } from '../../lib/api/master-data-paths';

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

/**
 * Starts the four lists at once, in parallel with the page's chunks: the requests leave at once
 * (`fetchEarly`), and the client, once its code has arrived, takes their answers and maps them.
 */
export function startMasterData(api: ApiClient): void {
  for (const call of CALLS) {
    fetchEarly(MASTER_DATA_PATHS[call], baseHeaders(api.organizationId));
    startEarly(key(api, call), () => api[call]());
  }
}

/** One list: the one the route started, else a new request. */
export function masterData<C extends MasterDataCall>(
  api: ApiClient,
  call: C,
): ReturnType<ApiClient[C]> {
  return takeEarly<unknown>(key(api, call), () => api[call]()) as ReturnType<ApiClient[C]>;
}
