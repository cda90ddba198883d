import { masterDataRoutes } from '@canal/shared';
import type { ApiClient } from '../../lib/api/client';
import { preloadApiClient } from '../../lib/api/lazy-client';
import { portalRequest, startEarly } from '../../lib/api/request';

/**
 * The new-complaint route's loader (app/router.tsx, decision 0026): the screen's four master-data
 * lists (SPEC §7) leave at once, in parallel with the page's chunks and the client's code, which
 * takes their answers when its queries (master-data.ts) make the same requests. Loaded on demand
 * (load-master-data-requests.ts): the request builder stays out of the first load of `/`.
 */
export function startMasterData(api: ApiClient): void {
  const caller = { organizationId: api.organizationId };
  for (const route of [
    masterDataRoutes.offenceCategories,
    masterDataRoutes.zonePlaces,
    masterDataRoutes.relationOptions,
    masterDataRoutes.recognitionOptions,
  ])
    startEarly(portalRequest(route, {}, caller));
  preloadApiClient();
}
