import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from './client';

const ApiContext = createContext<ApiClient | null>(null);

/** One API client per page, bound to the organisation the host selected. */
export function ApiProvider({
  organizationId,
  client,
  children,
}: {
  organizationId: string;
  client?: ApiClient;
  children: ReactNode;
}) {
  const value = useMemo(
    () => client ?? createApiClient({ organizationId }),
    [client, organizationId],
  );
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi fuera de ApiProvider');
  return client;
}
