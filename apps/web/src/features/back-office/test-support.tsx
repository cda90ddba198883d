import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { HEAD_OFFICE } from '@canal/shared';
import { BrandProvider } from '../brand/BrandProvider';
import type { StaffApi } from './api/client';
import type { StaffUser } from './api/types';
import { GestionShell } from './components/GestionShell';
import { StaffUserContext } from './components/StaffUserContext';

export const ADMIN: StaffUser = { id: 1, email: 'admin@empresa.cl', nombre: 'Ana Admin', rol: 'administrador', organizaciones: [], activo: true, activado: true };
export const INVESTIGATOR: StaffUser = { ...ADMIN, id: 2, email: 'ines@empresa.cl', nombre: 'Inés Investigadora', rol: 'investigador', organizaciones: [HEAD_OFFICE.id] };
export const AUDITOR: StaffUser = { ...ADMIN, id: 3, email: 'aldo@empresa.cl', nombre: 'Aldo Auditor', rol: 'auditor', organizaciones: [HEAD_OFFICE.id] };

/** A staff client whose every call fails unless the test gives it an answer. */
export function stubStaffApi(overrides: Partial<StaffApi> = {}): StaffApi {
  const failing = () => vi.fn(() => Promise.reject(new Error('llamada no esperada')));
  const names: (keyof StaffApi)[] = [
    'signIn', 'session', 'signOut', 'lookupInvitation', 'activate', 'inbox', 'caseView', 'changeStatus', 'reply', 'addNote', 'assign',
    'exclude', 'include', 'recordMilestone', 'users', 'invite', 'updateUser', 'reinvite', 'audit', 'verifyChain', 'statistics', 'halfYear', 'categories',
  ];
  const api = Object.fromEntries(names.map((n) => [n, failing()])) as unknown as StaffApi;
  return { ...api, ...overrides };
}

/** Prints the router's current location, so tests can read the URL (search params included). */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="ubicacion" hidden>{location.pathname + location.search}</div>;
}

interface RenderOptions {
  api: StaffApi;
  path: string;
  /** Route path of `element`, relative to /gestion (e.g. 'casos/:id'); '' for the index. */
  route?: string;
  user?: StaffUser | null;
  state?: unknown;
}

/** Renders one back-office page under /gestion with a stub client and, unless null, a signed-in user. */
export function renderStaffPage(element: ReactNode, { api, path, route = '', user = ADMIN, state }: RenderOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0, staleTime: 0 }, mutations: { retry: false } } });
  const page = user ? <StaffUserContext.Provider value={user}>{element}</StaffUserContext.Provider> : element;
  const children: RouteObject[] = [
    { path: route === '' ? undefined : route, index: route === '' ? true : undefined, element: <>{page}<LocationProbe /></> } as RouteObject,
    { path: '*', element: <LocationProbe /> },
  ];
  const router = createMemoryRouter([{ path: '/gestion', element: <GestionShell api={api} />, children }], { initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }] });
  const result = render(
    <BrandProvider organization={HEAD_OFFICE}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
  return { ...result, router, queryClient };
}
