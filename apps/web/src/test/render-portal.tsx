import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { HEAD_OFFICE, type Organization } from '@canal/shared';
import { ApiProvider } from '../lib/api/ApiProvider';
import type { ApiClient } from '../lib/api/client';
import { BrandProvider } from '../lib/brand/BrandProvider';
import { FirstScreenProvider, firstScreenOf, type FirstScreen } from '../lib/first-screen';

/**
 * Renders portal routes the way App does (brand, API client, query client, data router), with a
 * stub API client and a memory router starting at `path`: the one harness of the screen tests.
 */
export function renderPortal(
  routes: RouteObject[],
  {
    path,
    api,
    organization = HEAD_OFFICE,
    state,
    firstScreen = firstScreenOf(),
  }: {
    path: string;
    api: unknown;
    organization?: Organization;
    state?: unknown;
    /** What the server rendered the page with (decision 0078). */
    firstScreen?: FirstScreen;
  },
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: 0, staleTime: 0 },
      mutations: { retry: false },
    },
  });
  // `state`: the history entry's state, as a reload of that entry finds it.
  const router = createMemoryRouter(routes, {
    initialEntries: [state === undefined ? path : { pathname: path, state }],
  });
  const view = render(
    <BrandProvider organization={organization}>
      <ApiProvider organizationId={organization.id} client={api as ApiClient}>
        <FirstScreenProvider value={firstScreen}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </FirstScreenProvider>
      </ApiProvider>
    </BrandProvider>,
  );
  return { ...view, router, queryClient };
}
