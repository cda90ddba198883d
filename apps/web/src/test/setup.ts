import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw/server';

// The API is answered by MSW handlers (src/test/msw/): a request none answers fails the test's call.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

// findBy…/waitFor wait up to 5 s (the default is 1 s): two test files share a two-core CI machine,
// and a screen that renders in 50 ms alone can take over a second there. A passing wait still ends
// as soon as its condition holds.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out and has no scrollIntoView: a no-op here (stubLayout records the calls).
// (Not in the tests that run in Node, without a DOM.)
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
