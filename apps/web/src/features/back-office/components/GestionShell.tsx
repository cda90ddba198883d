import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { applyTheme, useBrand } from '../../../lib/brand/BrandProvider';
import { type StaffApi, createStaffApi } from '../api/call';
import { staffKeys } from '../api/keys';
import { touchSession, type StaffSession } from '../api/session';
import type { StaffUser } from '../api/users';
import { StaffApiProvider } from '../api/StaffApiProvider';
import { SignInAgainDialog } from './SignInAgainDialog';

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

/** Typing in a long text keeps the session alive, at most once this often (30 minutes idle end it). */
export const KEEP_ALIVE_INTERVAL_MS = 60_000;

/**
 * The root of /gestion: the staff client, the neutral theme, and the session kept for whoever is
 * writing (issue 22). Typing in a long text (a reply, a resolution, conclusions) touches the
 * session at most once a minute, within its 8 hours. A call that finds the session lapsed waits
 * while a dialog asks for the password and code in place, then is sent again: what was typed is
 * still on the page and what was being saved arrives. While the dialog is open the page is hidden
 * (an unattended screen shows no case), not unmounted; "Salir" goes to the sign-in page with a
 * message and the page the person was on, as a lapsed session did before.
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
  // Whose session lapsed, while the dialog asks them to sign in again; and the answer every call
  // that met the lapse waits for (one dialog however many calls).
  const [lapsed, setLapsed] = useState<StaffUser | null>(null);
  const waiting = useRef<{ answer: Promise<boolean>; settle: (signedIn: boolean) => void } | null>(
    null,
  );
  const [toSignInPage] = useState(() => () => {
    queryClient.removeQueries({ queryKey: staffKeys.all });
    const { pathname, search } = here.current;
    if (pathname === paths.staffSignIn()) return;
    navigate(paths.staffSignIn(), {
      replace: true,
      state: { expired: true, from: pathname + search } satisfies SignInState,
    });
  });
  const [signInAgain] = useState(() => () => {
    const user = queryClient.getQueryData<StaffSession>(staffKeys.session())?.user;
    if (!user) {
      toSignInPage();
      return Promise.resolve(false);
    }
    if (!waiting.current) {
      let settle!: (signedIn: boolean) => void;
      const answer = new Promise<boolean>((resolve) => (settle = resolve));
      waiting.current = { answer, settle };
      setLapsed(user);
    }
    return waiting.current.answer;
  });
  const finish = (signedIn: boolean) => {
    waiting.current?.settle(signedIn);
    waiting.current = null;
    setLapsed(null);
  };
  const [created] = useState(() => createStaffApi({ signInAgain }));
  const api = given ?? created;
  const lastTouch = useRef(0);
  const keepAlive = (event: FormEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLTextAreaElement) || lapsed) return;
    const now = Date.now();
    if (now - lastTouch.current < KEEP_ALIVE_INTERVAL_MS) return;
    lastTouch.current = now;
    // A touch that fails changes nothing: a lapsed session is asked for when something is saved.
    touchSession(api).catch(() => undefined);
  };
  return (
    <StaffApiProvider api={api}>
      <div
        className={`min-h-screen bg-background ${lapsed ? 'invisible' : ''}`}
        onInput={keepAlive}
      >
        {children ?? <Outlet />}
      </div>
      {lapsed && (
        <SignInAgainDialog
          user={lapsed}
          onSignedIn={(session) => {
            queryClient.setQueryData(staffKeys.session(), session);
            finish(true);
          }}
          onLeave={() => {
            finish(false);
            toSignInPage();
          }}
        />
      )}
    </StaffApiProvider>
  );
}
