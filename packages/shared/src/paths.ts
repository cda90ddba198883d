// Every page path of the web app (SPEC §2 route table, DESIGN §5 reset route, DESIGN §8 back
// office), in one place: the web's router and links, and the API's e-mails, build them here.

/** Builders of the web page paths. */
export const webPaths = {
  home: () => '/',
  newComplaint: () => '/ingresar-denuncia',
  complaintDetail: (id: number | string) => `/detalle-denuncia/${id}`,
  /** The reset-password page a recovery e-mail links to. */
  resetPassword: (token: string) => `/restablecer-contrasena/${token}`,
  /**
   * Where a person recorded by staff types the case number and the activation code of their
   * receipt and sets their password (decision 0075; a page the spec does not have).
   */
  activateComplaint: () => '/activar-denuncia',
  /** The page the link mailed to a new contact address opens (Law 21.719, rectification). */
  confirmEmail: (token: string) => `/confirmar-correo/${token}`,
  /** The organisation's privacy notice (Law 21.719): the footer, the form and the mails link it. */
  privacyNotice: () => '/aviso-de-privacidad',
  /** Checks a document the channel issued, in the browser (issue 20). */
  verifyDocument: () => '/verificar-documento',
  // Back office (DESIGN §8)
  staffInbox: () => '/gestion',
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

export type WebPage = keyof typeof webPaths;

/** The router patterns of the pages with a parameter (React Router syntax). */
export const webRoutePatterns = {
  complaintDetail: '/detalle-denuncia/:id',
  resetPassword: '/restablecer-contrasena/:token',
  confirmEmail: '/confirmar-correo/:token',
  staffCase: '/gestion/casos/:id',
} as const satisfies Partial<Record<WebPage, string>>;

/** An absolute link: the origin (or base URL without a trailing slash) and a page path. */
export const webUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;
