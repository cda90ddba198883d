import { lazy, Suspense } from 'react';
import { matchRoutes, Navigate, useParams, useRoutes, type RouteObject } from 'react-router';
import { LoadingPage } from '../../components/LoadingPage';
import { paths, staffCasePattern, underStaff } from '../../config/paths';
import { GestionShell } from '../../features/back-office/components/GestionShell';
import { StaffLayout } from '../../features/back-office/StaffLayout';
import { useTabTitle, type TitledHandle } from '../../lib/brand/use-tab-title';

// Each screen is its own chunk, loaded when first visited.
const SignInRoute = lazy(() => import('./sign-in').then((m) => ({ default: m.SignInRoute })));
const ActivateRoute = lazy(() => import('./activate').then((m) => ({ default: m.ActivateRoute })));
const InboxRoute = lazy(() => import('./inbox').then((m) => ({ default: m.InboxRoute })));
const CaseRoute = lazy(() => import('./case').then((m) => ({ default: m.CaseRoute })));
const UsersRoute = lazy(() => import('./users').then((m) => ({ default: m.UsersRoute })));
const AlertRulesRoute = lazy(() =>
  import('./alert-rules').then((m) => ({ default: m.AlertRulesRoute })),
);
const MasterDataRoute = lazy(() =>
  import('./master-data').then((m) => ({ default: m.MasterDataRoute })),
);
const PrivacySettingsRoute = lazy(() =>
  import('./privacy').then((m) => ({ default: m.PrivacySettingsRoute })),
);
const BreachesRoute = lazy(() => import('./privacy').then((m) => ({ default: m.BreachesRoute })));
const AuditRoute = lazy(() => import('./audit').then((m) => ({ default: m.AuditRoute })));
const IntakeRoute = lazy(() => import('./intake').then((m) => ({ default: m.IntakeRoute })));
const IntakeReceiptRoute = lazy(() =>
  import('./intake').then((m) => ({ default: m.IntakeReceiptRoute })),
);
const DataRequestsRoute = lazy(() =>
  import('./data-requests').then((m) => ({ default: m.DataRequestsRoute })),
);
const StatsRoute = lazy(() => import('./stats').then((m) => ({ default: m.StatsRoute })));

/** The back office's name, after each page's in the browser tab (no organisation: it serves all). */
const STAFF_TITLE = 'Gestión de casos';
const titled = (title: string) => ({ handle: { title } satisfies TitledHandle });

// Objects (not <Routes> children), so no extra router code reaches the portal's first load; each
// page's tab title beside its path (issue 22).
const STAFF_ROUTES: RouteObject[] = [
  { path: underStaff(paths.staffSignIn()), element: <SignInRoute />, ...titled('Ingresar') },
  {
    path: underStaff(paths.staffActivate()),
    element: <ActivateRoute />,
    ...titled('Activar cuenta'),
  },
  {
    element: <StaffLayout />,
    children: [
      { index: true, element: <InboxRoute />, ...titled('Bandeja de casos') },
      // Not the case number: the browser's history keeps titles.
      { path: staffCasePattern(), element: <CaseRoute />, ...titled('Caso') },
      { path: underStaff(paths.staffUsers()), element: <UsersRoute />, ...titled('Usuarios') },
      {
        path: underStaff(paths.staffAlertRules()),
        element: <AlertRulesRoute />,
        ...titled('Avisos de denuncias nuevas'),
      },
      {
        path: underStaff(paths.staffMasterData()),
        element: <MasterDataRoute />,
        ...titled('Datos maestros'),
      },
      {
        path: underStaff(paths.staffPrivacy()),
        element: <PrivacySettingsRoute />,
        ...titled('Protección de datos'),
      },
      {
        path: underStaff(paths.staffBreaches()),
        element: <BreachesRoute />,
        ...titled('Incidentes de seguridad'),
      },
      {
        path: underStaff(paths.staffAudit()),
        element: <AuditRoute />,
        ...titled('Registro de auditoría'),
      },
      { path: underStaff(paths.staffStats()), element: <StatsRoute />, ...titled('Estadísticas') },
      {
        path: underStaff(paths.staffDataRequests()),
        element: <DataRequestsRoute />,
        ...titled('Solicitudes sobre datos personales'),
      },
      {
        path: underStaff(paths.staffIntake()),
        element: <IntakeRoute />,
        ...titled('Registrar denuncia'),
      },
      {
        path: underStaff(paths.staffIntakeReceipt()),
        element: <IntakeReceiptRoute />,
        ...titled('Comprobante de denuncia'),
      },
      { path: '*', element: <Navigate to="." replace /> },
    ],
  },
];

/**
 * /gestion/*: the back office's own root (no portal header or footer) and its routes:
 * ingresar, activar, and behind a session the inbox, a case, users, audit and statistics.
 */
export function GestionRoot() {
  const page = useRoutes(STAFF_ROUTES);
  // The path under /gestion, matched against the same objects for the page's tab title.
  const rest = useParams()['*'] ?? '';
  const handle = matchRoutes(STAFF_ROUTES, `/${rest}`)?.at(-1)?.route.handle as
    TitledHandle | undefined;
  useTabTitle(handle ? `${handle.title} | ${STAFF_TITLE}` : STAFF_TITLE);
  return (
    <GestionShell>
      <Suspense fallback={<LoadingPage />}>{page}</Suspense>
    </GestionShell>
  );
}
