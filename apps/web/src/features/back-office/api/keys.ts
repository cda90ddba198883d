// The back office's query keys, in one place so a change made in one module reads again the data
// other modules show (a user's role changes the session, the alert rules and the inbox). Each
// endpoint module builds its query options with its key from here; nothing else spells them.

/** The root of every back-office query key: signing out or a lapsed session drops them all. */
export const STAFF_KEY = ['gestion'] as const;

export const staffKeys = {
  all: STAFF_KEY,
  session: () => [...STAFF_KEY, 'sesion'] as const,
  invitation: (token: string) => [...STAFF_KEY, 'invitacion', token] as const,
  /** Every inbox page and every case's data (a change to a case reads them again). */
  cases: () => [...STAFF_KEY, 'casos'] as const,
  inbox: (query: object) => [...STAFF_KEY, 'casos', query] as const,
  case: (id: number) => [...STAFF_KEY, 'caso', id] as const,
  /** Every case page's data. */
  everyCase: () => [...STAFF_KEY, 'caso'] as const,
  // Under the cases: a change to a case reads the open requests again too.
  replacementTasks: () => [...STAFF_KEY, 'casos', 'solicitudes'] as const,
  /** Under the cases: attending a report reads the inbox again. */
  retaliationReports: () => [...STAFF_KEY, 'casos', 'represalias'] as const,
  retaliationSettings: () => [...STAFF_KEY, 'consultas-represalias'] as const,
  noticeTemplates: () => [...STAFF_KEY, 'plantillas'] as const,
  savedViews: () => [...STAFF_KEY, 'vistas'] as const,
  users: () => [...STAFF_KEY, 'usuarios'] as const,
  mySessions: () => [...STAFF_KEY, 'sesiones'] as const,
  myPasskeys: () => [...STAFF_KEY, 'llaves'] as const,
  securityPolicy: () => [...STAFF_KEY, 'seguridad'] as const,
  ssoProviders: () => [...STAFF_KEY, 'sso'] as const,
  ssoSettings: () => [...STAFF_KEY, 'configuracion-sso'] as const,
  audit: () => [...STAFF_KEY, 'auditoria'] as const,
  auditPage: (query: object) => [...STAFF_KEY, 'auditoria', query] as const,
  stats: (query: object) => [...STAFF_KEY, 'estadisticas', query] as const,
  halfYear: (year: number, half: 1 | 2) => [...STAFF_KEY, 'semestral', year, half] as const,
  categories: (org: string | undefined) => [...STAFF_KEY, 'categorias', org ?? ''] as const,
  failedMails: () => [...STAFF_KEY, 'correos-fallidos'] as const,
  alertRules: () => [...STAFF_KEY, 'reglas-aviso'] as const,
  // Under the rules: a change to a rule reads who receives each organisation again.
  alertCoverage: () => [...STAFF_KEY, 'reglas-aviso', 'cobertura'] as const,
  masterData: (org: string) => [...STAFF_KEY, 'datos-maestros', org] as const,
  /** The lists an organisation's complaint form offers, for staff intake. */
  intakeLists: (org: string) => [...STAFF_KEY, 'maestros', org] as const,
};
