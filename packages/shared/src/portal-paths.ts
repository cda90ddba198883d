// The complainant's page paths (SPEC §2 route table, DESIGN §5 reset route), apart from the back
// office's (paths.ts): a module of their own, so the portal's first load (its route table and the
// home page's links) carries these rows and not the staff table (a module goes whole into one chunk).

/** Where the back office's pages are (DESIGN §8): every staff path starts here. */
export const STAFF_ROOT = '/gestion';

/** Builders of the complainant's page paths (SPEC §2). */
export const portalPaths = {
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
} as const;

/** The router patterns of the complainant's pages with a parameter (React Router syntax). */
export const portalRoutePatterns = {
  complaintDetail: '/detalle-denuncia/:id',
  resetPassword: '/restablecer-contrasena/:token',
  confirmEmail: '/confirmar-correo/:token',
} as const;
