import { describe, expect, it } from 'vitest';
import { botCheck } from './bot-check';
import { portal } from './portal';
import { portalRoutes } from './routes';

describe('the portal path table', () => {
  it('holds every portal and bot-check entry of the contract, with its method and path', () => {
    const entries = { ...portal, ...botCheck };
    expect(portalRoutes).toEqual(
      Object.fromEntries(
        Object.entries(entries).map(([name, e]) => [name, { method: e.method, path: e.path }]),
      ),
    );
  });
});
