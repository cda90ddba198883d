import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { applyTheme, useBrand } from '../../../lib/brand/BrandProvider';
import { createStaffApi, type StaffApi } from '../api/client';
import { staffKeys } from '../api/hooks';
import { StaffApiProvider } from '../api/StaffApiProvider';

/** Brand-neutral staff colours: the back office serves every organisation, so it wears none of them. */
const STAFF_THEME: Record<string, string> = {
  '--brand-primary': '#1f3a5f',
  '--brand-secondary': '#142840',
  '--brand-complementary': '#d97706',
  '--brand-text': '#1f2933',
  '--brand-background': '#f6f7f9',
  '--brand-light': '#e8eef5',
};

export interface SignInState {
  expired?: boolean;
  from?: string;
}

/**
 * Applies the staff theme while the back office is shown; puts the brand back after. (Each page's
 * tab title is its route's: routes/gestion/root.tsx.)
 */
function useStaffIdentity() {
  const { organization } = useBrand();
  useLayoutEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(STAFF_THEME)) root.style.setProperty(name, value);
    return () => applyTheme(organization, root);
  }, [organization]);
}

/**
 * The root of /gestion: the staff client (a 401 on any call made with a session sends the person
 * back to sign-in with a message and the page they were on) and the neutral theme.
 */
export function GestionShell({ api: given, children }: { api?: StaffApi; children?: ReactNode }) {
  useStaffIdentity();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // The latest location, read when a 401 arrives (the client is created once).
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  }, [location]);
  const [onUnauthorized] = useState(() => () => {
    queryClient.removeQueries({ queryKey: staffKeys.all });
    const { pathname, search } = here.current;
    if (pathname === paths.staffSignIn()) return;
    navigate(paths.staffSignIn(), {
      replace: true,
      state: { expired: true, from: pathname + search } satisfies SignInState,
    });
  });
  const [created] = useState(() => createStaffApi({ onUnauthorized }));
  const api = given ?? created;
  return (
    <StaffApiProvider api={api}>
      <div className="min-h-screen bg-background">{children ?? <Outlet />}</div>
    </StaffApiProvider>
  );
}
