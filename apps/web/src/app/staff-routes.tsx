import { Navigate, type RouteObject } from 'react-router';
import { ErrorPage, FramedErrorPage } from './ErrorPage';
import { LoadingPage } from '../components/LoadingPage';
import { paths, staffCasePattern, underStaff } from '../config/paths';
import type { TitledHandle } from '../lib/brand/use-tab-title';
import type { staffPages } from '../routes/gestion/root';
import { loadQueryLayout, STAFF_ROUTE_ID } from './query-layout-route';

// The back office's pages as children of the app's router (DESIGN §8): each its own chunk, loaded
// when first visited, with its own error element (shown inside the staff layout) and its tab title
// beside its path (issue 22). This table is itself a chunk, which the router discovers at the first
// path under /gestion (router.tsx `discoverStaffRoutes`): none of it is in the portal's first load.

const titled = (title: string) => ({ handle: { title } satisfies TitledHandle });
const errorElement = <FramedErrorPage />;

const root = () => import('../routes/gestion/root');

/** A page of the back office, by its name in `staffPages` (its chunk's import is there). */
const page = (name: keyof typeof staffPages) => ({
  lazy: () => root().then(async (m) => ({ Component: await m.staffPages[name]() })),
  errorElement,
});

export const staffRoutes: RouteObject[] = [
  {
    path: underStaff(paths.staffSignIn()),
    ...page('SignInRoute'),
    ...titled('Ingresar'),
  },
  {
    path: underStaff(paths.staffActivate()),
    ...page('ActivateRoute'),
    ...titled('Activar cuenta'),
  },
  {
    ...page('StaffLayout'),
    children: [
      {
        index: true,
        ...page('InboxRoute'),
        ...titled('Bandeja de casos'),
      },
      {
        // Not the case number: the browser's history keeps titles.
        path: staffCasePattern(),
        ...page('CaseRoute'),
        ...titled('Caso'),
      },
      {
        path: underStaff(paths.staffUsers()),
        ...page('UsersRoute'),
        ...titled('Usuarios'),
      },
      {
        path: underStaff(paths.staffSessions()),
        ...page('SessionsRoute'),
        ...titled('Mis sesiones'),
      },
      {
        path: underStaff(paths.staffAlertRules()),
        ...page('AlertRulesRoute'),
        ...titled('Avisos de denuncias nuevas'),
      },
      {
        path: underStaff(paths.staffMasterData()),
        ...page('MasterDataRoute'),
        ...titled('Datos maestros'),
      },
      {
        path: underStaff(paths.staffPrivacy()),
        ...page('PrivacySettingsRoute'),
        ...titled('Protección de datos'),
      },
      {
        path: underStaff(paths.staffSso()),
        ...page('SsoSettingsRoute'),
        ...titled('Inicio de sesión único'),
      },
      {
        path: underStaff(paths.staffNoticeTemplates()),
        ...page('NoticeTemplatesRoute'),
        ...titled('Plantillas de avisos'),
      },
      {
        path: underStaff(paths.staffBreaches()),
        ...page('BreachesRoute'),
        ...titled('Incidentes de seguridad'),
      },
      {
        path: underStaff(paths.staffAudit()),
        ...page('AuditRoute'),
        ...titled('Registro de auditoría'),
      },
      {
        path: underStaff(paths.staffStats()),
        ...page('StatsRoute'),
        ...titled('Estadísticas'),
      },
      {
        path: underStaff(paths.staffDataRequests()),
        ...page('DataRequestsRoute'),
        ...titled('Solicitudes sobre datos personales'),
      },
      {
        path: underStaff(paths.staffIntake()),
        ...page('IntakeRoute'),
        ...titled('Registrar denuncia'),
      },
      {
        path: underStaff(paths.staffIntakeReceipt()),
        ...page('IntakeReceiptRoute'),
        ...titled('Comprobante de denuncia'),
      },
      { path: '*', element: <Navigate to={paths.staffInbox()} replace /> },
    ],
  },
];

/** /gestion: the staff root (shell, theme, tab title) around the pages. */
export const gestionRoute: RouteObject = {
  path: paths.staffInbox(),
  lazy: () => root().then((m) => ({ Component: m.GestionRoot })),
  errorElement: <ErrorPage />,
  hydrateFallbackElement: <LoadingPage />,
  children: staffRoutes,
};

/** The route the router discovers: the staff pages in the query layout, never the portal's frame. */
export const staffRoot: RouteObject = {
  id: STAFF_ROUTE_ID,
  lazy: loadQueryLayout,
  errorElement: <ErrorPage />,
  hydrateFallbackElement: <LoadingPage />,
  children: [gestionRoute],
};
