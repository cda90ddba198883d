import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../lib/api/ApiProvider';
import { forgetEarlyComplaint, takeEarlyComplaint, takeEarlyFiles } from './early-complaint';

export const complaintKeys = {
  all: (id: number) => ['complaint', id] as const,
  detail: (id: number) => ['complaint', id, 'detail'] as const,
  files: (id: number) => ['complaint', id, 'files'] as const,
};

/** True when there is something to ask for: a valid id and a signed-in ticket holder. */
export function useCanLoadComplaint(id: number | null): boolean {
  const api = useApi();
  return id !== null && api.session() !== null;
}

/**
 * The complaint of the signed-in ticket holder; nothing is asked without a session. Its first read
 * may have been started by the route's loader (early-complaint.ts): taken once.
 */
export function useComplaintDetail(id: number | null) {
  const api = useApi();
  const enabled = useCanLoadComplaint(id);
  return useQuery({
    queryKey: complaintKeys.detail(id ?? 0),
    queryFn: () => takeEarlyComplaint(id as number) ?? api.complaint(id as number),
    enabled,
    retry: false,
  });
}

/** Its files, asked once the complaint itself has loaded (SPEC §2). */
export function useComplaintFiles(id: number | null, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: complaintKeys.files(id ?? 0),
    queryFn: () => takeEarlyFiles(id as number) ?? api.files(id as number),
    enabled: enabled && id !== null,
    retry: false,
  });
}

/**
 * Signs the complainant out: the token dies (in this tab and on the server) and every cached
 * complaint is dropped, so neither Back nor the old URL can render what was shown.
 */
export function useSignOut(): () => Promise<void> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    forgetEarlyComplaint();
    await api.logout();
    await queryClient.cancelQueries({ queryKey: ['complaint'] });
    queryClient.removeQueries({ queryKey: ['complaint'] });
  }, [api, queryClient]);
}
