/** Every URL of the web app, in one place (SPEC §2 route table, DESIGN §5 reset route). */
export const paths = {
  home: () => '/',
  newComplaint: () => '/ingresar-denuncia',
  complaintDetail: (id: number | string) => `/detalle-denuncia/${id}`,
  resetPassword: (token: string) => `/restablecer-contrasena/${token}`,
} as const;
