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

/** The pages behind a session: the staff header and navigation around them. */
export { StaffLayout };
