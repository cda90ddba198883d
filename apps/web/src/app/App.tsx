import { useState } from 'react';
import { lazyApiClient } from '../lib/api/lazy-client';
import { RouterProvider } from 'react-router';
import { ApiProvider } from '../lib/api/ApiProvider';
import { BrandProvider, useBrand } from '../lib/brand/BrandProvider';
import { createAppRouter } from './router';

function WithApi() {
  const { organization } = useBrand();
  // One client for the screens and for the routes' loaders; the query client is provided by the
  // lazy layout of the pages that read data (router.tsx).
  const [api] = useState(() => lazyApiClient(organization.id));
  const [router] = useState(() => createAppRouter(api));
  return (
    <ApiProvider organizationId={organization.id} client={api}>
      <RouterProvider router={router} />
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
