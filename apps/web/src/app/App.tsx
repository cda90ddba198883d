import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiProvider } from '../lib/api/ApiProvider';
import { BrandProvider, useBrand } from '../lib/brand/BrandProvider';
import { createAppRouter } from './router';

function WithApi() {
  const { organization } = useBrand();
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // SPEC §7: answers are not cached (the involved-recognition list opts in where it is used).
        defaultOptions: {
          queries: { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false },
        },
      }),
  );
  const [router] = useState(createAppRouter);
  return (
    <ApiProvider organizationId={organization.id}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ApiProvider>
  );
}

export function App() {
  return (
    <BrandProvider>
      <WithApi />
    </BrandProvider>
  );
}
