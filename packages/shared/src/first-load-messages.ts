// See messages.ts: these are part of MESSAGES.
/**
 * The texts the first load of the portal's home page reads (its sign-in form and the frame's error
 * page). In their own module, which MESSAGES spreads in, so that page's
 * first chunk does not carry every other text (decision 0026, round 2); read them through MESSAGES everywhere else.
 */
export const FIRST_LOAD_MESSAGES = {
  /** Browser alert when the login is attempted with an empty code or password. */
  loginMissingFields: 'error!',
  /** Route error page: "{status} - {statusText}". */
  routeError: (status: number | string, statusText: string): string => `${status} - ${statusText}`,
  /** Route error page when the error is not a route error. */
  routeUnknownError: 'Error Desconocido',
  noConnection:
    'No hay conexión con el servicio. Revise su conexión a internet e intente nuevamente; lo que escribió no se ha perdido.',
} as const;
