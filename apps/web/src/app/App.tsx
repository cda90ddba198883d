import { RouterProvider, type DataRouter } from 'react-router';
import type { Organization } from '@canal/shared';
import type { ApiClient } from '../lib/api/client';
import { ApiProvider } from '../lib/api/ApiProvider';
import { BrandProvider } from '../lib/brand/BrandProvider';

/**
 * The portal: the organisation the host chose, one API client for the screens and the routes'
 * loaders, and the router, all made before the first render (main.tsx); the query client is
 * provided by the lazy layout of the pages that read data (router.tsx).
 */
export function App({
  organization,
  api,
  router,
}: {
  organization: Organization;
  api: ApiClient;
  router: DataRouter;
}) {
  return (
    <BrandProvider organization={organization}>
      <ApiProvider organizationId={organization.id} client={api}>
        <RouterProvider router={router} />
      </ApiProvider>
    </BrandProvider>
  );
}
