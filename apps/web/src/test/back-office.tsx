import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { HEAD_OFFICE } from '@canal/shared';
import { BrandProvider } from '../lib/brand/BrandProvider';
import type { StaffApi } from '../features/back-office/api/call';
import { staffKeys } from '../features/back-office/api/keys';
import { toStaffSession } from '../features/back-office/api/session';
import { toStaffUser } from '../features/back-office/api/users';
import type {
  CaseSummaryWire,
  CaseViewWire,
  InboxPageWire,
  StaffUserWire,
} from '@canal/shared/contract';
import { GestionShell } from '../features/back-office/components/GestionShell';
import { StaffUserContext } from '../features/back-office/components/StaffUserContext';

/** Staff users as the API sends them (fixtures of the MSW answers). */
export const ADMIN: StaffUserWire = {
  id: 1,
  email: 'admin@empresa.cl',
  nombre: 'Ana Admin',
  rol: 'administrador',
  organizaciones: [],
  activo: true,
  activado: true,
};
export const INVESTIGATOR: StaffUserWire = {
  ...ADMIN,
  id: 2,
  email: 'ines@empresa.cl',
  nombre: 'Inés Investigadora',
  rol: 'investigador',
  organizaciones: [HEAD_OFFICE.id],
};
export const AUDITOR: StaffUserWire = {
  ...ADMIN,
  id: 3,
  email: 'aldo@empresa.cl',
  nombre: 'Aldo Auditor',
  rol: 'auditor',
  organizaciones: [HEAD_OFFICE.id],
};

/** Prints the router's current location, so tests can read the URL (search params included). */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="ubicacion" hidden>
      {location.pathname + location.search}
    </div>
  );
}

interface RenderOptions {
  /** The staff client; by default the real one, answered by the MSW handlers of the test. */
  api?: StaffApi;
  path: string;
  /** Route path of `element`, relative to /gestion (e.g. 'casos/:id'); '' for the index. */
  route?: string;
  /** The signed-in person, as the API sends it (mapped here as the session would be). */
  user?: StaffUserWire | null;
  state?: unknown;
  /** The session says the person must register a passkey first (decision 0076). */
  passkeyPending?: boolean;
}

/** Renders one back-office page under /gestion with the staff client and, unless null, a signed-in user. */
export function renderStaffPage(
  element: ReactNode,
  { api, path, route = '', user = ADMIN, state, passkeyPending = false }: RenderOptions,
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: 0, staleTime: 0 },
      mutations: { retry: false },
    },
  });
  // A signed-in person has a session, as the staff layout reads it (and as GestionShell finds it
  // when a call meets a lapsed session).
  if (user) {
    queryClient.setQueryDefaults(staffKeys.session(), { gcTime: Infinity });
    queryClient.setQueryData(
      staffKeys.session(),
      toStaffSession({ usuario: user, csrf: 'csrf', llave_pendiente: passkeyPending }),
    );
  }
  const page = user ? (
    <StaffUserContext.Provider value={toStaffUser(user)}>{element}</StaffUserContext.Provider>
  ) : (
    element
  );
  const children: RouteObject[] = [
    {
      path: route === '' ? undefined : route,
      index: route === '' ? true : undefined,
      element: (
        <>
          {page}
          <LocationProbe />
        </>
      ),
    } as RouteObject,
    { path: '*', element: <LocationProbe /> },
  ];
  const router = createMemoryRouter(
    [{ path: '/gestion', element: <GestionShell api={api} />, children }],
    {
      initialEntries: [
        {
          pathname: path.split('?')[0],
          search: path.includes('?') ? `?${path.split('?')[1]}` : '',
          state,
        },
      ],
    },
  );
  const result = render(
    <BrandProvider organization={HEAD_OFFICE}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
  return { ...result, router, queryClient };
}

/** A case of the head office as the inbox lists it (Acoso laboral, received 2 March 2026). */
export const caseSummary = (over: Partial<CaseSummaryWire> = {}): CaseSummaryWire => ({
  id: 1,
  numero: 'CD-2026-00001',
  organizacion: { id: HEAD_OFFICE.id, nombre: HEAD_OFFICE.shortName },
  estado: 'Recibida',
  categoria: 'Ley 21.643',
  tipo: 'Acoso laboral',
  tipo_id: 26,
  canal: 'portal',
  anonima: false,
  fecha_ingreso: '2026-03-02T12:00:00.000Z',
  proximo_vencimiento: '2026-03-02',
  vencido: false,
  por_vencer: false,
  asignado: null,
  prioridad: null,
  etiquetas: [],
  derivar_dt: false,
  ...over,
});

/** What case 7's notices to the complainant are filled in with: its number, the head office, nobody assigned. */
export const CASE_7_NOTICE = {
  caseNumber: 'CD-2026-00007',
  organizationId: HEAD_OFFICE.id,
  investigator: null,
};

/** A case as the inbox lists it: its summary, no milestone pending named, nothing new from the complainant. */
export const inboxCase = (
  over: Partial<InboxPageWire['casos'][number]> = {},
): InboxPageWire['casos'][number] => ({
  ...caseSummary(),
  proximo_hito: null,
  novedad_denunciante: false,
  ...over,
});

/**
 * Case 7 as its page reads it: an identified Law 21.643 complaint with no complainant data shown,
 * no log, files or milestones; `caso`, `denuncia` and the rest as given.
 */
export const caseView = ({
  caso,
  denuncia,
  ...rest
}: Partial<Omit<CaseViewWire, 'caso' | 'denuncia'>> & {
  caso?: Partial<CaseViewWire['caso']>;
  denuncia?: Partial<CaseViewWire['denuncia']>;
} = {}): CaseViewWire => ({
  caso: {
    ...caseSummary({ id: 7, numero: 'CD-2026-00007' }),
    fecha_respuesta: null,
    fecha_cierre: null,
    resolucion: null,
    asignado: null,
    exclusiones: [],
    vinculos: [],
    ...caso,
  },
  denuncia: {
    reconoce_involucrados: null,
    fono: null,
    email: null,
    nombre: null,
    apellido_paterno: null,
    apellido_materno: null,
    rut: null,
    fecha_denuncia: '02/03/2026',
    descripcion_hecho: 'Relato.',
    tipo_conocimiento: null,
    fecha_ocurrencia_hecho: '01/03/2026',
    lugar: null,
    otro_lugar: null,
    relacion_organizacion: null,
    fecha_respuesta: null,
    estado_denuncia: 'Recibida',
    subtipo_denuncia: null,
    tipo_denuncia: null,
    zona: null,
    denunciado_nombre: null,
    denunciado_cargo: null,
    denunciado_es_gerente: false,
    a_nombre_de_otro: false,
    fundamento_representacion: null,
    ...denuncia,
  },
  bitacora: { visible: [], interna: [] },
  archivos: [],
  hitos: [],
  solicitud_reemplazo: null,
  represalias: [],
  ...rest,
});
