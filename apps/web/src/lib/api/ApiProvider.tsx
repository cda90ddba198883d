import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ApiClient } from './client';
import { lazyApiClient } from './lazy-client';

const ApiContext = createContext<ApiClient | null>(null);

/** One API client per page, bound to the organisation the host selected (its code loads on first use). */
export function ApiProvider({
  organizationId,
  client,
  children,
}: {
  organizationId: string;
  client?: ApiClient;
  children: ReactNode;
}) {
  const value = useMemo(() => client ?? lazyApiClient(organizationId), [client, organizationId]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi fuera de ApiProvider');
  return client;
}
