import { lazy, Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { LoadingPage } from '../../components/LoadingPage';
import { paths, staffCasePattern, underStaff } from '../../config/paths';
import { GestionShell } from '../../features/back-office/components/GestionShell';
import { StaffLayout } from '../../features/back-office/StaffLayout';

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
const AuditRoute = lazy(() => import('./audit').then((m) => ({ default: m.AuditRoute })));
const IntakeRoute = lazy(() => import('./intake').then((m) => ({ default: m.IntakeRoute })));
const IntakeReceiptRoute = lazy(() =>
  import('./intake').then((m) => ({ default: m.IntakeReceiptRoute })),
);
const StatsRoute = lazy(() => import('./stats').then((m) => ({ default: m.StatsRoute })));

/**
 * /gestion/*: the back office's own root (no portal header or footer) and its routes:
 * ingresar, activar, and behind a session the inbox, a case, users, audit and statistics.
 */
export function GestionRoot() {
  // useRoutes with objects (not <Routes> children), so no extra router code reaches the portal's first load.
  const page = useRoutes([
    { path: underStaff(paths.staffSignIn()), element: <SignInRoute /> },
    { path: underStaff(paths.staffActivate()), element: <ActivateRoute /> },
    {
      element: <StaffLayout />,
      children: [
        { index: true, element: <InboxRoute /> },
        { path: staffCasePattern(), element: <CaseRoute /> },
        { path: underStaff(paths.staffUsers()), element: <UsersRoute /> },
        { path: underStaff(paths.staffAlertRules()), element: <AlertRulesRoute /> },
        { path: underStaff(paths.staffMasterData()), element: <MasterDataRoute /> },
        { path: underStaff(paths.staffAudit()), element: <AuditRoute /> },
        { path: underStaff(paths.staffStats()), element: <StatsRoute /> },
        { path: underStaff(paths.staffIntake()), element: <IntakeRoute /> },
        { path: underStaff(paths.staffIntakeReceipt()), element: <IntakeReceiptRoute /> },
        { path: '*', element: <Navigate to="." replace /> },
      ],
    },
  ]);
  return (
    <GestionShell>
      <Suspense fallback={<LoadingPage />}>{page}</Suspense>
    </GestionShell>
  );
}
