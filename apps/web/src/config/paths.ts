import { STAFF_ROOT, webPaths, webRoutePatterns } from '@canal/shared';

export { portalPaths, routePatterns, staffRootPath, TERMS_ACCEPTED } from './portal-paths';

/**
 * Every URL of the web app (SPEC §2 route table, DESIGN §5 reset route, DESIGN §8 back office).
 * They come from the one shared registry (`packages/shared/src/paths.ts`) that the API's e-mails
 * also build their links with (reset password, case, activation), so a link and the router cannot
 * drift apart. The first load of `/` reads the complainant's part alone (portal-paths.ts).
 */
export const paths = webPaths;

/**
 * A back-office page's path or pattern relative to `/gestion/*` (the back office's own router).
 * Used by the lazy back-office root, so its patterns stay out of the portal's first load.
 */
export const underStaff = (path: string) => path.slice(STAFF_ROOT.length + 1);

export const staffCasePattern = () => underStaff(webRoutePatterns.staffCase);
