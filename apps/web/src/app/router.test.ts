import { matchPath, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns, staffCasePattern, underStaff } from '../config/paths';
import { routes } from './router';

describe('the router and the shared page paths', () => {
  it('lead the router to the page of every link an e-mail carries', () => {
    const reset = matchRoutes(routes, paths.resetPassword('abc-123'));
    expect(reset?.at(-1)?.route.path).toBe(routePatterns.resetPassword);
    expect(reset?.at(-1)?.params).toEqual({ token: 'abc-123' });

    // The back office is one lazy route; its own pages match under it.
    const activation = new URL(paths.staffActivate('tok'), 'http://x');
    expect(activation.hash).toBe('#tok');
    for (const [path, pattern] of [
      [activation.pathname, underStaff(paths.staffActivate())],
      [paths.staffCase(42), staffCasePattern()],
    ] as const) {
      const top = matchRoutes(routes, path)?.at(-1);
      expect(top?.route.path).toBe('/gestion/*');
      expect(matchPath(`/${pattern}`, `/${top?.params['*'] ?? ''}`), path).not.toBeNull();
    }
    expect(matchPath(`/${staffCasePattern()}`, '/casos/42')?.params).toEqual({ id: '42' });
  });
});
