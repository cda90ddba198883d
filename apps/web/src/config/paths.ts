import { webPaths, webRoutePatterns } from '@canal/shared';

/**
 * Every URL of the web app (SPEC §2 route table, DESIGN §5 reset route, DESIGN §8 back office).
 * They come from the one shared registry (`packages/shared/src/paths.ts`) that the API's e-mails
 * also build their links with (reset password, case, activation), so a link and the router cannot
 * drift apart.
 */
export const paths = webPaths;

/** Router patterns of the portal's pages with a parameter (React Router syntax, under `/`). */
export const routePatterns = {
  complaintDetail: webRoutePatterns.complaintDetail.slice(1),
  resetPassword: webRoutePatterns.resetPassword.slice(1),
  confirmEmail: webRoutePatterns.confirmEmail.slice(1),
} as const;

/**
 * The history state of an entry of /ingresar-denuncia reached with the terms accepted (SPEC §2:
 * on the home page, before "Ingresar denuncia"). The page opened any other way (a typed or saved
 * address) asks for them first (issue 22). History state survives a reload, Back and Forward.
 */
export const TERMS_ACCEPTED = { terminos: true } as const;

/**
 * A back-office page's path or pattern relative to `/gestion/*` (the back office's own router).
 * Used by the lazy back-office root, so its patterns stay out of the portal's first load.
 */
export const underStaff = (path: string) => path.slice(paths.staffInbox().length + 1);

export const staffCasePattern = () => underStaff(webRoutePatterns.staffCase);
