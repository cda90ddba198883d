import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { FailedMailBanner } from './components/FailedMailBanner';
import { ReplacementTasksBanner } from './components/ReplacementTasksBanner';
import { DataRequestsBanner } from './components/DataRequestsBanner';
import { Link, Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../components/Button';
import { LoadingView } from '../../components/LoadingView';
import { HttpError } from '../../lib/api/http';
import { errorMessage } from './api/call';
import { staffKeys } from './api/keys';
import { requestSignOut, useSession } from './api/session';
import type { StaffUser } from './api/users';
import { useStaffApi } from './api/StaffApiProvider';
import { readsDataRequests } from './api/data-requests';
import { FormAlert } from './components/FormAlert';
import { PasskeysSection } from './components/PasskeysSection';
import { ROLE_LABELS } from '@canal/shared';
import {
  canChangeCases,
  canReadAudit,
  isAdministrator,
  StaffUserContext,
  worksOnEveryOrganization,
} from './components/StaffUserContext';

function navItems(user: StaffUser) {
  return [
    { to: paths.staffInbox(), label: 'Bandeja', end: true },
    ...(canChangeCases(user)
      ? [{ to: paths.staffIntake(), label: 'Registrar denuncia', end: false }]
      : []),
    ...(isAdministrator(user) ? [{ to: paths.staffUsers(), label: 'Usuarios', end: false }] : []),
    ...(isAdministrator(user)
      ? [{ to: paths.staffAlertRules(), label: 'Avisos', end: false }]
      : []),
    ...(isAdministrator(user)
      ? [{ to: paths.staffMasterData(), label: 'Datos maestros', end: false }]
      : []),
    ...(readsDataRequests(user.role)
      ? [{ to: paths.staffDataRequests(), label: 'Solicitudes de datos', end: false }]
      : []),
    ...(isAdministrator(user)
      ? [
          { to: paths.staffPrivacy(), label: 'Protección de datos', end: false },
          { to: paths.staffNoticeTemplates(), label: 'Plantillas', end: false },
          { to: paths.staffBreaches(), label: 'Incidentes', end: false },
        ]
      : []),
    ...(worksOnEveryOrganization(user)
      ? [{ to: paths.staffSso(), label: 'Inicio único', end: false }]
      : []),
    ...(canReadAudit(user) ? [{ to: paths.staffAudit(), label: 'Auditoría', end: false }] : []),
    { to: paths.staffStats(), label: 'Estadísticas', end: false },
    { to: paths.staffSessions(), label: 'Mis sesiones', end: false },
  ];
}

/** Whether a navigation item is the current page (the inbox only on its own path). */
const isCurrent = (pathname: string, to: string, end: boolean) =>
  end ? pathname === to || pathname === `${to}/` : pathname === to || pathname.startsWith(`${to}/`);

function StaffHeader({ user }: { user: StaffUser }) {
  const api = useStaffApi();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => requestSignOut(api),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: staffKeys.all });
      navigate(paths.staffSignIn(), { replace: true, state: { signedOut: true } });
    },
  });
  return (
    <header className="bg-primary text-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <p className="text-lg font-bold">Gestión de casos</p>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            {user.name} · <span className="font-semibold">{ROLE_LABELS[user.role]}</span>
          </span>
          <button
            type="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            className="min-h-11 rounded-md border border-white px-4 font-semibold hover:bg-white hover:text-primary"
          >
            Cerrar sesión
          </button>
        </div>
      </div>
      <nav aria-label="Gestión" className="bg-secondary">
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-2">
          {navItems(user).map((item) => {
            const current = isCurrent(pathname, item.to, item.end);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center px-3 font-semibold underline-offset-4 hover:underline ${current ? 'bg-white/15 underline' : ''}`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}

/** Every signed-in page of /gestion: a live session (else the sign-in page), the header and navigation. */
export function StaffLayout() {
  const session = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  // A failed re-read of a session already shown keeps the page (and what is typed there): the
  // next call that finds the session lapsed asks to sign in again in place (GestionShell).
  if (session.isError && !session.data) {
    if (session.error instanceof HttpError && session.error.status === 401) {
      return (
        <Navigate
          to={paths.staffSignIn()}
          replace
          state={{ from: location.pathname + location.search }}
        />
      );
    }
    return (
      <main className="mx-auto max-w-xl p-8">
        <FormAlert>{errorMessage(session.error)}</FormAlert>
        <Button className="mt-4" onClick={() => session.refetch()}>
          Reintentar
        </Button>
      </main>
    );
  }
  if (!session.data) return <LoadingView />;
  const user = session.data.user;
  return (
    <StaffUserContext.Provider value={user}>
      <a
        href="#contenido"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-primary focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <StaffHeader user={user} />
      <main id="contenido" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        {session.data.passkeyPending ? (
          // The administrators' policy: a passkey first, before any page (decision 0076).
          <PasskeysSection required />
        ) : (
          <>
            <FailedMailBanner />
            <ReplacementTasksBanner />
            <DataRequestsBanner />
            <Suspense fallback={<LoadingView />}>
              {navigation.state === 'loading' ? <LoadingView /> : <Outlet />}
            </Suspense>
          </>
        )}
      </main>
    </StaffUserContext.Provider>
  );
}
