import type { ReactNode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import type { Organization } from '@canal/shared';
import type { ApiClient } from '../lib/api/client';
import { ApiProvider } from '../lib/api/ApiProvider';
import { BrandProvider } from '../lib/brand/BrandProvider';
import { FirstScreenProvider, firstScreenOf, type FirstScreen } from '../lib/first-screen';

/**
 * The portal: the organisation the host chose, one API client for the screens and the routes'
 * loaders, and the router, all made before the first render (main.tsx); the query client is
 * provided by the lazy layout of the pages that read data (router.tsx).
 */
export function App({
  organization,
  api,
  router,
  firstScreen = firstScreenOf(),
}: {
  organization: Organization;
  api: ApiClient;
  router: DataRouter;
  firstScreen?: FirstScreen;
}) {
  return (
    <AppFrame organization={organization} api={api} firstScreen={firstScreen}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}

/**
 * The providers around the router, the same in the browser and on the server (entry-server.tsx),
 * so that the page the browser hydrates is the tree the server rendered (decision 0078).
 */
export function AppFrame({
  organization,
  api,
  firstScreen,
  children,
}: {
  organization: Organization;
  api: ApiClient;
  firstScreen: FirstScreen;
  children: ReactNode;
}) {
  return (
    <BrandProvider organization={organization}>
      <ApiProvider organizationId={organization.id} client={api}>
        <FirstScreenProvider value={firstScreen}>{children}</FirstScreenProvider>
      </ApiProvider>
    </BrandProvider>
  );
}
