/// <reference lib="dom" />
// The floor of the portal's first load (bench/web.ts): React, React Router's data router and
// TanStack Query saying hello, built with the portal's own Vite configuration.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

function Hello() {
  const { data } = useQuery({ queryKey: ['hola'], queryFn: () => Promise.resolve('Hola') });
  return <h1>{data ?? '…'}</h1>;
}

const router = createBrowserRouter([{ path: '*', Component: Hello }]);
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
