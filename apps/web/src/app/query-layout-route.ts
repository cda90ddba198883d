/** The lazy layout route that brings TanStack Query with the pages that read data (QueryLayout.tsx). */
export const loadQueryLayout = () =>
  import('./QueryLayout').then((m) => ({ Component: m.QueryLayout }));

/** The id of the back office's root route, once discovered (router.tsx `discoverStaffRoutes`). */
export const STAFF_ROUTE_ID = 'gestion';
