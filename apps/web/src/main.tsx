import './config/zod';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { lazyApiClient } from './lib/api/lazy-client';
import { applyBrand } from './lib/brand/BrandProvider';
import { readFirstScreen } from './lib/first-screen';
import './styles.css';

// Decision 0026, round 4. The organisation, its theme, the API client and the router exist before
// React's first render, and the work is cut into tasks the main thread can run one after the other:
// evaluating the modules; creating the router, which starts the page's lazy chunks and its
// loader's requests; then the first render, a transition, which React renders in short slices
// instead of one long task. What the page shows is the same.
const organization = applyBrand();
const api = lazyApiClient(organization.id);
const container = document.getElementById('root')!;
// Decision 0078: the server rendered the portal's page (and marked it); the browser takes it over.
// The server renders a page as it opens from an address; an entry of the history that carries state
// (a reload after the terms were accepted, or on step 1 of the form) shows something else at once,
// so the browser renders that page itself, over the server's.
const historyState = (window.history.state as { usr?: unknown } | null)?.usr;
const hydrate = container.hasAttribute('data-ssr') && historyState == null;
const firstScreen = readFirstScreen();

/** Once the router has loaded the page's lazy routes: the tree the server rendered. */
const initialized = (router: DataRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

setTimeout(() => {
  const router = createAppRouter(api, firstScreen);
  const app = (
    <StrictMode>
      <App organization={organization} api={api} router={router} firstScreen={firstScreen} />
    </StrictMode>
  );
  if (hydrate)
    void initialized(router).then(() => startTransition(() => void hydrateRoot(container, app)));
  else startTransition(() => createRoot(container).render(app));
}, 0);
