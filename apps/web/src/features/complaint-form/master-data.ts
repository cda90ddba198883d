import { useQuery } from '@tanstack/react-query';
import { filterRelationOptions } from '@canal/shared';
import { useApi } from '../../lib/api/ApiProvider';
import { useBrand } from '../../lib/brand/BrandProvider';

// Master data of the new-complaint screen (SPEC §7). The client already turns a failure into an
// empty list; answers are not cached, except the involved-recognition list, loaded once. The
// route's loader started the first requests (master-data-requests.ts): the client takes them.

export function useCategories() {
  const api = useApi();
  return useQuery({
    queryKey: ['master-data', api.organizationId, 'categories'],
    queryFn: () => api.categories(),
  });
}

export function useZonesWithPlaces() {
  const api = useApi();
  return useQuery({
    queryKey: ['master-data', api.organizationId, 'zones-with-places'],
    queryFn: () => api.zonesWithPlaces(),
  });
}

export function useRelationOptions() {
  const api = useApi();
  const { organization } = useBrand();
  return useQuery({
    queryKey: ['master-data', api.organizationId, 'relations'],
    queryFn: async () => filterRelationOptions(organization, await api.relationOptions()),
  });
}

export function useRecognitionOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['master-data', api.organizationId, 'recognition'],
    queryFn: () => api.recognitionOptions(),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
