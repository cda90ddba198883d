import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

// SPEC §7: answers are not cached (the involved-recognition list opts in where it is used).
const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false },
    },
  });

// One per page in the browser; on the server one per request (decision 0078), made by the layout.
const queryClient = import.meta.env.SSR ? null : newQueryClient();

/**
 * The query client of the pages that read data (the complaint form, the detail, the password reset,
 * the back office). A lazy layout route: TanStack Query loads with those pages, in parallel with
 * their own chunk, and stays out of the first load of `/` (decision 0026).
 */
export function QueryLayout() {
  const [client] = useState(() => queryClient ?? newQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
