// Every page path of the web app (SPEC §2 route table, DESIGN §5 reset route, DESIGN §8 back
// office), in one place: the web's router and links, and the API's e-mails, build them here.

import { portalPaths, portalRoutePatterns, STAFF_ROOT } from './portal-paths';

export { portalPaths, portalRoutePatterns, STAFF_ROOT };

/** Builders of the back office's page paths (DESIGN §8), all under `STAFF_ROOT`. */
export const staffPaths = {
  staffInbox: () => STAFF_ROOT,
  staffSignIn: () => '/gestion/ingresar',
  /** The activation page; the invitation token travels in the fragment (never in a server log). */
  staffActivate: (token?: string) => (token ? `/gestion/activar#${token}` : '/gestion/activar'),
  /** The case page a staff e-mail links to. */
  staffCase: (id: number | string) => `/gestion/casos/${id}`,
  staffUsers: () => '/gestion/usuarios',
  /** A person's own sessions (device, started, last active), which they end (issue 24). */
  staffSessions: () => '/gestion/sesiones',
  staffAudit: () => '/gestion/auditoria',
  staffStats: () => '/gestion/estadisticas',
  /** Staff record a complaint received verbally, in writing or in person; then its receipt. */
  staffIntake: () => '/gestion/registrar-denuncia',
  staffIntakeReceipt: () => '/gestion/registrar-denuncia/comprobante',
  /** Who is told of a new complaint (routing rules, administrators). */
  staffAlertRules: () => '/gestion/avisos',
  /** Zones, places, categories, types and option lists of each organisation (administrators). */
  staffMasterData: () => '/gestion/datos-maestros',
  /** The register of data-protection requests (Law 21.719; administrators and auditors). */
  staffDataRequests: () => '/gestion/solicitudes-datos',
  /** Each organisation's data-protection contact and retention period (administrators). */
  staffPrivacy: () => '/gestion/proteccion-datos',
  /** The texts the complainant must be told, per organisation (administrators, decision 0070). */
  staffNoticeTemplates: () => '/gestion/plantillas',
  /** The register of security incidents (administrators). */
  staffBreaches: () => '/gestion/incidentes',
  /** Single sign-on providers and the organisations that require them (decision 0077). */
  staffSso: () => '/gestion/inicio-unico',
} as const;

/** Builders of the web page paths: the complainant's and the back office's. */
export const webPaths = { ...portalPaths, ...staffPaths } as const;

export type WebPage = keyof typeof webPaths;

/** The router patterns of the pages with a parameter (React Router syntax). */
export const webRoutePatterns = {
  ...portalRoutePatterns,
  staffCase: '/gestion/casos/:id',
} as const satisfies Partial<Record<WebPage, string>>;

/** An absolute link: the origin (or base URL without a trailing slash) and a page path. */
export const webUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;
