import { portalPaths as sharedPortalPaths, portalRoutePatterns, STAFF_ROOT } from '@canal/shared';

// The complainant's pages (paths.ts re-exports all of this beside the back office's paths): what
// the first load of `/` uses, its route table and the home page's links, in a module that does not
// take the staff paths along (a module goes whole into one chunk).

/** The complainant's page paths (`paths` without the back office's). */
export const portalPaths = sharedPortalPaths;

/** The back office's root: the router discovers its routes under it (app/router.tsx). */
export const staffRootPath = STAFF_ROOT;

/** Router patterns of the portal's pages with a parameter (React Router syntax, under `/`). */
export const routePatterns = {
  complaintDetail: portalRoutePatterns.complaintDetail.slice(1),
  resetPassword: portalRoutePatterns.resetPassword.slice(1),
  confirmEmail: portalRoutePatterns.confirmEmail.slice(1),
} as const;

/**
 * The history state of an entry of /ingresar-denuncia reached with the terms accepted (SPEC §2:
 * on the home page, before "Ingresar denuncia"). The page opened any other way (a typed or saved
 * address) asks for them first (issue 22). History state survives a reload, Back and Forward.
 */
export const TERMS_ACCEPTED = { terminos: true } as const;
