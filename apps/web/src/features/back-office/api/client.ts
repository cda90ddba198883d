import { HEAD_OFFICE_ID } from '@canal/shared';
import { HttpError, send, type SendOptions } from '../../api/http';
import type {
  AuditPage,
  CaseView,
  CategoryOption,
  ChainCheck,
  HalfYearReport,
  InboxFilters,
  InboxPage,
  InvitationLookup,
  NewUser,
  SessionAnswer,
  StaffUser,
  Statistics,
  StatsFilters,
  StatusChange,
  UserChanges,
} from './types';

const BASE = '/v1/gestion';
export const CSRF_COOKIE = 'gestion_csrf';

/** The CSRF double-submit value: the page reads its cookie and echoes it in `x-csrf-token` on writes. */
export function readCsrfCookie(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === CSRF_COOKIE) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** `?a=1&b=2` from the defined, non-empty values. */
export function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const caseFileUrl = (caseId: number, fileId: string) => `${BASE}/casos/${caseId}/archivos/${fileId}`;
export const statsCsvUrl = (filters: StatsFilters) => `${BASE}/estadisticas/casos.csv${queryString(filters)}`;

export interface StaffApiOptions {
  /** Called when a call answers 401 with a session (expired or signed out elsewhere). */
  onUnauthorized?: () => void;
}

/** Every /v1/gestion call in one module; screens call these, never URLs. Cookies travel by themselves. */
export function createStaffApi({ onUnauthorized }: StaffApiOptions = {}) {
  async function call<T>(method: SendOptions['method'], path: string, body?: unknown, { session = true } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET') {
      const csrf = readCsrfCookie();
      if (csrf) headers['x-csrf-token'] = csrf;
    }
    try {
      return (await send({ method, url: `${BASE}${path}`, headers, body: body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}) })).body as T;
    } catch (error) {
      // A 401 on a call made with a session means the session is gone; sign-in's own 401 is a wrong credential.
      if (session && error instanceof HttpError && error.status === 401) onUnauthorized?.();
      throw error;
    }
  }

  return {
    // Session and activation
    signIn: (input: { email: string; password: string; codigo: string }) => call<SessionAnswer>('POST', '/sesion', input, { session: false }),
    session: () => call<SessionAnswer>('GET', '/sesion', undefined, { session: false }),
    signOut: () => call<null>('DELETE', '/sesion'),
    lookupInvitation: (token: string) => call<InvitationLookup>('POST', '/activacion/consulta', { token }, { session: false }),
    activate: (input: { token: string; password: string; codigo: string }) => call<SessionAnswer>('POST', '/activacion', input, { session: false }),

    // Cases
    inbox: (filters: InboxFilters) => call<InboxPage>('GET', `/casos${queryString(filters)}`),
    caseView: (id: number) => call<CaseView>('GET', `/casos/${id}`),
    changeStatus: (id: number, change: StatusChange) => call<{ message: string }>('POST', `/casos/${id}/estado`, change),
    reply: (id: number, comentario: string) => call<{ message: string }>('POST', `/casos/${id}/respuestas`, { comentario }),
    addNote: (id: number, comentario: string) => call<{ message: string }>('POST', `/casos/${id}/notas`, { comentario }),
    assign: (id: number, userId: number | null) => call<{ message: string }>('PUT', `/casos/${id}/asignacion`, { usuario_id: userId }),
    exclude: (id: number, userId: number) => call<{ message: string }>('PUT', `/casos/${id}/exclusiones/${userId}`),
    include: (id: number, userId: number) => call<{ message: string }>('DELETE', `/casos/${id}/exclusiones/${userId}`),
    recordMilestone: (id: number, key: string, input: { fecha: string; comentario?: string }) =>
      call<{ message: string }>('PUT', `/casos/${id}/hitos/${encodeURIComponent(key)}`, input),

    // Users (administrators)
    users: () => call<StaffUser[]>('GET', '/usuarios'),
    invite: (input: NewUser) => call<StaffUser>('POST', '/usuarios', input),
    updateUser: (id: number, changes: UserChanges) => call<StaffUser>('PATCH', `/usuarios/${id}`, changes),
    reinvite: (id: number) => call<{ message: string }>('POST', `/usuarios/${id}/invitacion`),

    // Audit (auditors, administrators)
    audit: (page: { limite: number; desplazamiento: number; caso?: number; usuario?: number }) => call<AuditPage>('GET', `/auditoria${queryString(page)}`),
    verifyChain: () => call<ChainCheck>('GET', '/auditoria/verificacion'),

    // Statistics
    statistics: (filters: StatsFilters) => call<Statistics>('GET', `/estadisticas${queryString(filters)}`),
    halfYear: (anio: number, semestre: 1 | 2) => call<HalfYearReport>('GET', `/estadisticas/semestral${queryString({ anio, semestre })}`),

    /** The categories of an organisation (public master data), for the inbox filter. */
    async categories(organizationId: string = HEAD_OFFICE_ID): Promise<CategoryOption[]> {
      const res = await send({ method: 'GET', url: '/v1/datos-maestros/delitos', headers: { 'x-filial': organizationId, accept: 'application/json' } });
      return res.body as CategoryOption[];
    },
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;

/** The message a person reads for a failed call: the server's own, or a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'timeout') return 'El servidor tardó demasiado en responder. Intente nuevamente.';
    if (error.kind === 'network') return 'No pudimos conectar con el servidor. Revise su conexión e intente nuevamente.';
  }
  return 'Ocurrió un error inesperado. Intente nuevamente.';
}
