import { createMemoryRouter, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns, staffCasePattern, underStaff } from '../config/paths';
import { discoverStaffRoutes, routes } from './router';

describe('the router and the shared page paths', () => {
  it('lead the router to the page of every link an e-mail carries', () => {
    const reset = matchRoutes(routes, paths.resetPassword('abc-123'));
    expect(reset?.at(-1)?.route.path).toBe(routePatterns.resetPassword);
    expect(reset?.at(-1)?.params).toEqual({ token: 'abc-123' });
  });

  it("discovers the back office's routes at the first path under /gestion, not before", async () => {
    // Not in the table the portal starts with (its first load), so a /gestion path meets only the
    // portal's catch-all until the router discovers the staff routes.
    expect(matchRoutes(routes, paths.staffCase(42))?.at(-1)?.route.path).toBe('*');
    const activation = new URL(paths.staffActivate('tok'), 'http://x');
    expect(activation.hash).toBe('#tok');
    for (const [path, pattern] of [
      [activation.pathname, underStaff(paths.staffActivate())],
      [paths.staffCase(42), staffCasePattern()],
    ] as const) {
      const router = createMemoryRouter(routes, {
        initialEntries: ['/'],
        patchRoutesOnNavigation: discoverStaffRoutes,
      });
      await router.navigate(path);
      const matches = router.state.matches;
      // The back office's pages are child routes of /gestion.
      expect(
        matches.some((m) => m.route.path === paths.staffInbox()),
        path,
      ).toBe(true);
      expect(matches.at(-1)?.route.path, path).toBe(pattern);
      if (pattern === staffCasePattern()) expect(matches.at(-1)?.params).toEqual({ id: '42' });
      router.dispose();
    }
  });
});
