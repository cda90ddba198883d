import { Outlet, useMatches } from 'react-router';
import { GestionShell } from '../../features/back-office/components/GestionShell';
import { StaffLayout } from '../../features/back-office/StaffLayout';
import { useTabTitle, type TitledHandle } from '../../lib/brand/use-tab-title';

/** The back office's name, after each page's in the browser tab (no organisation: it serves all). */
const STAFF_TITLE = 'Gestión de casos';

/**
 * /gestion: the back office's own root (no portal header or footer): the staff client and theme
 * around its pages, each a child route of the app's router (app/router.tsx), and the tab title
 * its route's `handle` declares.
 */
export function GestionRoot() {
  const handle = useMatches()
    .map((match) => match.handle as Partial<TitledHandle> | undefined)
    .findLast((h) => h?.title);
  useTabTitle(handle?.title ? `${handle.title} | ${STAFF_TITLE}` : STAFF_TITLE);
  return (
    <GestionShell>
      <Outlet />
    </GestionShell>
  );
}

/**
 * Each back-office page's own chunk, loaded when first visited. The app's route table
 * (app/staff-routes.tsx) names them; their imports live here, in the back office's chunk, so the
 * portal's first load carries none of their preload lists.
 */
export const staffPages = {
  /** The pages behind a session: the staff header and navigation around them. */
  StaffLayout: () => Promise.resolve(StaffLayout),
  SignInRoute: () => import('./sign-in').then((m) => m.SignInRoute),
  ActivateRoute: () => import('./activate').then((m) => m.ActivateRoute),
  InboxRoute: () => import('./inbox').then((m) => m.InboxRoute),
  CaseRoute: () => import('./case').then((m) => m.CaseRoute),
  UsersRoute: () => import('./users').then((m) => m.UsersRoute),
  SessionsRoute: () => import('./sessions').then((m) => m.SessionsRoute),
  AlertRulesRoute: () => import('./alert-rules').then((m) => m.AlertRulesRoute),
  MasterDataRoute: () => import('./master-data').then((m) => m.MasterDataRoute),
  PrivacySettingsRoute: () => import('./privacy').then((m) => m.PrivacySettingsRoute),
  BreachesRoute: () => import('./privacy').then((m) => m.BreachesRoute),
  NoticeTemplatesRoute: () => import('./privacy').then((m) => m.NoticeTemplatesRoute),
  SsoSettingsRoute: () => import('./privacy').then((m) => m.SsoSettingsRoute),
  DataRequestsRoute: () => import('./data-requests').then((m) => m.DataRequestsRoute),
  AuditRoute: () => import('./audit').then((m) => m.AuditRoute),
  StatsRoute: () => import('./stats').then((m) => m.StatsRoute),
  IntakeRoute: () => import('./intake').then((m) => m.IntakeRoute),
  IntakeReceiptRoute: () => import('./intake').then((m) => m.IntakeReceiptRoute),
};
