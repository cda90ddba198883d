import {
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { RootLayout } from './RootLayout';
import { ErrorPage, FramedErrorPage, notFoundLoader } from './ErrorPage';
import { LoadingPage } from '../components/LoadingPage';
import { paths, routePatterns } from '../config/paths';
import { HomeRoute } from '../routes/home';
import { startMasterData } from '../features/complaint-form/master-data-requests';
import { startComplaint } from '../features/follow-up/early-complaint';
import type { ApiClient } from '../lib/api/client';
import { firstScreenOf, type FirstScreen } from '../lib/first-screen';

import { loadQueryLayout, STAFF_ROUTE_ID } from './query-layout-route';

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
                ...(api && {
                  loader: () => {
                    if (!firstScreen.masterData) startMasterData(api);
                    return null;
                  },
                  // Moving between the form's steps keeps the lists the form already has.
                  shouldRevalidate: () => false,
                }),
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
                ...(api && {
                  loader: ({ params }: { params: { id?: string } }) => {
                    startComplaint(api, params.id);
                    return null;
                  },
                  shouldRevalidate: () => false,
                }),
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
  const staff = paths.staffInbox();
  if (path !== staff && !path.startsWith(`${staff}/`)) return;
  if (matches.some((m) => m.route.id === STAFF_ROUTE_ID)) return;
  const { staffRoot } = await import('./staff-routes');
  patch(null, [staffRoot]);
};

export const createAppRouter = (api: ApiClient, firstScreen?: FirstScreen) =>
  createBrowserRouter(appRoutes(api, firstScreen), {
    patchRoutesOnNavigation: discoverStaffRoutes,
  });
