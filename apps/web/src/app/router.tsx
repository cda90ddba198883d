import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { ErrorPage, FramedErrorPage, notFoundLoader } from './ErrorPage';
import { LoadingPage } from '../components/LoadingPage';
import { paths, routePatterns } from '../config/paths';
import { HomeRoute } from '../routes/home';

/** SPEC §2 route table; each screen is its own chunk. */
export const routes: RouteObject[] = [
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
            path: paths.newComplaint().slice(1),
            lazy: () =>
              import('../routes/new-complaint').then((m) => ({ Component: m.NewComplaintRoute })),
            // SPEC §2: errors on the new-complaint route go back to the home page.
            errorElement: <Navigate to="/" replace />,
          },
          {
            path: routePatterns.complaintDetail,
            lazy: () =>
              import('../routes/complaint-detail').then((m) => ({
                Component: m.ComplaintDetailRoute,
              })),
          },
          {
            path: routePatterns.resetPassword,
            lazy: () =>
              import('../routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
          },
          // Any other path: "404 - Not Found" in the frame, not a bare white page.
          { path: '*', loader: notFoundLoader, Component: () => null },
        ],
      },
    ],
  },
  // The back office (DESIGN §8): one lazy entry with its own routes and staff layout, never the
  // portal's frame. A single import() keeps the portal's first load the same size.
  {
    path: `${paths.staffInbox()}/*`,
    lazy: () => import('../routes/gestion/root').then((m) => ({ Component: m.GestionRoot })),
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <LoadingPage />,
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
