import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ErrorPage, FramedErrorPage } from './ErrorPage';
import { LoadingPage } from '../components/LoadingPage';
import { paths, staffCasePattern, underStaff } from '../config/paths';
import type { TitledHandle } from '../lib/brand/use-tab-title';

// The back office's pages as children of the app's router (DESIGN §8): each its own chunk, loaded
// when first visited, with its own error element (shown inside the staff layout) and its tab title
// beside its path (issue 22). Only these objects are in the portal's first load, no back-office
// code: the root, the layout and every page come with their import().

const titled = (title: string) => ({ handle: { title } satisfies TitledHandle });
const errorElement = <FramedErrorPage />;

const root = () => import('../routes/gestion/root');

/** A page of `module`'s `name` export. */
const page = <M,>(load: () => Promise<M>, name: keyof M) => ({
  lazy: () => load().then((m) => ({ Component: m[name] as ComponentType })),
  errorElement,
});

export const staffRoutes: RouteObject[] = [
  {
    path: underStaff(paths.staffSignIn()),
    ...page(() => import('../routes/gestion/sign-in'), 'SignInRoute'),
    ...titled('Ingresar'),
  },
  {
    path: underStaff(paths.staffActivate()),
    ...page(() => import('../routes/gestion/activate'), 'ActivateRoute'),
    ...titled('Activar cuenta'),
  },
  {
    ...page(root, 'StaffLayout'),
    children: [
      {
        index: true,
        ...page(() => import('../routes/gestion/inbox'), 'InboxRoute'),
        ...titled('Bandeja de casos'),
      },
      {
        // Not the case number: the browser's history keeps titles.
        path: staffCasePattern(),
        ...page(() => import('../routes/gestion/case'), 'CaseRoute'),
        ...titled('Caso'),
      },
      {
        path: underStaff(paths.staffUsers()),
        ...page(() => import('../routes/gestion/users'), 'UsersRoute'),
        ...titled('Usuarios'),
      },
      {
        path: underStaff(paths.staffAlertRules()),
        ...page(() => import('../routes/gestion/alert-rules'), 'AlertRulesRoute'),
        ...titled('Avisos de denuncias nuevas'),
      },
      {
        path: underStaff(paths.staffMasterData()),
        ...page(() => import('../routes/gestion/master-data'), 'MasterDataRoute'),
        ...titled('Datos maestros'),
      },
      {
        path: underStaff(paths.staffAudit()),
        ...page(() => import('../routes/gestion/audit'), 'AuditRoute'),
        ...titled('Registro de auditoría'),
      },
      {
        path: underStaff(paths.staffStats()),
        ...page(() => import('../routes/gestion/stats'), 'StatsRoute'),
        ...titled('Estadísticas'),
      },
      {
        path: underStaff(paths.staffIntake()),
        ...page(() => import('../routes/gestion/intake'), 'IntakeRoute'),
        ...titled('Registrar denuncia'),
      },
      {
        path: underStaff(paths.staffIntakeReceipt()),
        ...page(() => import('../routes/gestion/intake'), 'IntakeReceiptRoute'),
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
