/** Every URL of the web app, in one place (SPEC §2 route table, DESIGN §5 reset route, DESIGN §8 back office). */
export const paths = {
  home: () => '/',
  newComplaint: () => '/ingresar-denuncia',
  complaintDetail: (id: number | string) => `/detalle-denuncia/${id}`,
  resetPassword: (token: string) => `/restablecer-contrasena/${token}`,
  // Back office (DESIGN §8)
  staffInbox: () => '/gestion',
  staffSignIn: () => '/gestion/ingresar',
  staffActivate: () => '/gestion/activar',
  staffCase: (id: number | string) => `/gestion/casos/${id}`,
  staffUsers: () => '/gestion/usuarios',
  staffAudit: () => '/gestion/auditoria',
  staffStats: () => '/gestion/estadisticas',
} as const;
