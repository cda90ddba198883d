import './config/zod';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { lazyApiClient } from './lib/api/lazy-client';
import { applyBrand } from './lib/brand/BrandProvider';
import './styles.css';

// Decision 0026, round 4. The organisation, its theme, the API client and the router exist before
// React's first render, and the work is cut into tasks the main thread can run one after the other:
// evaluating the modules; creating the router, which starts the page's lazy chunks and its
// loader's requests; then the first render, a transition, which React renders in short slices
// instead of one long task. What the page shows is the same.
const organization = applyBrand();
const api = lazyApiClient(organization.id);
const root = createRoot(document.getElementById('root')!);

setTimeout(() => {
  const router = createAppRouter(api);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App organization={organization} api={api} router={router} />
      </StrictMode>,
    );
  });
}, 0);
