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
} as const;

/**
 * A back-office page's path or pattern relative to `/gestion/*` (the back office's own router).
 * Used by the lazy back-office root, so its patterns stay out of the portal's first load.
 */
export const underStaff = (path: string) => path.slice(paths.staffInbox().length + 1);

export const staffCasePattern = () => underStaff(webRoutePatterns.staffCase);
