import { useQuery } from '@tanstack/react-query';
import { filterRelationOptions } from '@canal/shared';
import { useApi } from '../../lib/api/ApiProvider';
import { useBrand } from '../../lib/brand/BrandProvider';
import { useFirstScreen, type FirstScreenMasterData } from '../../lib/first-screen';

// Master data of the new-complaint screen (SPEC §7). The client already turns a failure into an
// empty list; answers are not cached, except the involved-recognition list, loaded once. The
// route's loader started the first requests (master-data-requests.ts): the client takes them.
// A page the server rendered (decision 0078) opens with the lists it was rendered with: they are
// the queries' first data and are not asked for again on mounting; the queries are dropped when
// the page goes (gcTime 0), so the next visit asks the API.

/** The list the server rendered the page with, while this visit has not taken it. */
function useServed<K extends keyof FirstScreenMasterData>(list: K) {
  const data = useFirstScreen().masterData?.[list];
  return data === undefined ? {} : { initialData: data, refetchOnMount: false };
}

export function useCategories() {
  const api = useApi();
  return useQuery({
    queryKey: ['master-data', api.organizationId, 'categories'],
    queryFn: () => api.categories(),
    ...useServed('categories'),
  });
}

export function useZonesWithPlaces() {
  const api = useApi();
  return useQuery({
    queryKey: ['master-data', api.organizationId, 'zones-with-places'],
    queryFn: () => api.zonesWithPlaces(),
    ...useServed('zonesWithPlaces'),
  });
}

export function useRelationOptions() {
  const api = useApi();
  const { organization } = useBrand();
  return useQuery({
    queryKey: ['master-data', api.organizationId, 'relations'],
    queryFn: async () => filterRelationOptions(organization, await api.relationOptions()),
    ...useServed('relations'),
  });
}

export function useRecognitionOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['master-data', api.organizationId, 'recognition'],
    queryFn: () => api.recognitionOptions(),
    staleTime: Infinity,
    gcTime: Infinity,
    ...useServed('recognition'),
  });
}
