import {
  type Params,
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { RootLayout } from './RootLayout';
import { ErrorPage, FramedErrorPage, notFoundLoader } from './ErrorPage';
import { LoadingPage } from '../components/LoadingPage';
import { portalPaths as paths, routePatterns, staffRootPath } from '../config/portal-paths';
import { HomeRoute } from '../routes/home';
import type { ApiClient } from '../lib/api/client';
import { preloadApiClient } from '../lib/api/lazy-client';
import { loadMasterDataRequests } from '../features/complaint-form/load-master-data-requests';
import { firstScreenOf, type FirstScreen } from '../lib/first-screen';

import { loadQueryLayout, STAFF_ROUTE_ID } from './query-layout-route';

/**
 * A route whose reads start with its loader (decision 0026; the detail page's, issue 26): the
 * client's code starts loading at once, and the page's GETs as soon as `start`'s small chunk is
 * here, while the page's own chunks download (the router renders the page only once the loader is
 * done, so the client always finds them). A chunk that cannot load only leaves the GETs to the
 * page's own queries; moving within the page (the form's steps) starts nothing again.
 */
const earlyReads = (start: (params: Params) => Promise<unknown> | null) => ({
  loader: async ({ params }: { params: Params }) => {
    preloadApiClient();
    await start(params)?.catch(() => undefined);
    return null;
  },
  shouldRevalidate: () => false,
});

/**
 * SPEC §2 route table; each screen is its own chunk. With `api`, the new-complaint route's loader
 * starts its master data while its chunks download (decision 0026), unless the server rendered the
 * page with them (`firstScreen`, decision 0078), and the detail route's, its complaint's reads.
 */
export const appRoutes = (
  api: ApiClient | null = null,
  firstScreen: FirstScreen = firstScreenOf(),
): RouteObject[] => [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <LoadingPage />,
    children: [
      {
        // Errors of a page are shown inside the brand's frame, with the way home (issue 12).
        errorElement: <FramedErrorPage />,
        children: [
          // The home page is most visits' first screen: in the first chunk, not one round trip later.
          { index: true, Component: HomeRoute },
          {
            // TanStack Query with the pages that read data, not in the first load of `/`.
            lazy: loadQueryLayout,
            children: [
              {
                path: paths.newComplaint().slice(1),
                lazy: () =>
                  import('../routes/new-complaint').then((m) => ({
                    Component: m.NewComplaintRoute,
                  })),
                // Nothing when the server rendered the page with its lists (decision 0078).
                ...(api &&
                  earlyReads(() =>
                    firstScreen.masterData
                      ? null
                      : loadMasterDataRequests().then((m) => m.startMasterData(api)),
                  )),
                // SPEC §2: errors on the new-complaint route go back to the home page.
                errorElement: <Navigate to="/" replace />,
              },
              {
                path: routePatterns.complaintDetail,
                lazy: () =>
                  import('../routes/complaint-detail').then((m) => ({
                    Component: m.ComplaintDetailRoute,
                  })),
                // The complaint's reads leave with the page's code, not after it (issue 26).
                ...(api &&
                  earlyReads(({ id }) =>
                    import('../features/follow-up/early-complaint').then((m) =>
                      m.startComplaint(api, id),
                    ),
                  )),
              },
              {
                path: paths.privacyNotice().slice(1),
                lazy: () =>
                  import('../routes/privacy-notice').then((m) => ({
                    Component: m.PrivacyNoticeRoute,
                  })),
              },
              {
                path: paths.verifyDocument().slice(1),
                lazy: () =>
                  import('../routes/verify-document').then((m) => ({
                    Component: m.VerifyDocumentRoute,
                  })),
              },
              {
                path: routePatterns.resetPassword,
                lazy: () =>
                  import('../routes/reset-password').then((m) => ({
                    Component: m.ResetPasswordRoute,
                  })),
              },
              {
                path: paths.activateComplaint().slice(1),
                lazy: () =>
                  import('../routes/activate-complaint').then((m) => ({
                    Component: m.ActivateComplaintRoute,
                  })),
              },
              {
                path: routePatterns.confirmEmail,
                lazy: () =>
                  import('../routes/confirm-email').then((m) => ({
                    Component: m.ConfirmEmailRoute,
                  })),
              },
            ],
          },
          // Any other path: "404 - Not Found" in the frame, not a bare white page.
          { path: '*', loader: notFoundLoader, Component: () => null },
        ],
      },
    ],
  },
];

export const routes = appRoutes();

/**
 * The back office (DESIGN §8) joins the router the first time a path under /gestion is visited
 * (React Router's route discovery): its route table (app/staff-routes.tsx) is a chunk of its own,
 * not part of the portal's first load. Its pages stay children of this router, each lazy with its
 * own error element.
 */
export const discoverStaffRoutes: PatchRoutesOnNavigationFunction = async ({
  path,
  matches,
  patch,
}) => {
  if (path !== staffRootPath && !path.startsWith(`${staffRootPath}/`)) return;
  if (matches.some((m) => m.route.id === STAFF_ROUTE_ID)) return;
  const { staffRoot } = await import('./staff-routes');
  patch(null, [staffRoot]);
};

export const createAppRouter = (api: ApiClient, firstScreen?: FirstScreen) =>
  createBrowserRouter(appRoutes(api, firstScreen), {
    patchRoutesOnNavigation: discoverStaffRoutes,
  });
