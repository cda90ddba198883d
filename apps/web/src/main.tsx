import './config/zod';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { lazyApiClient } from './lib/api/lazy-client';
import { applyBrand } from './lib/brand/BrandProvider';
import './styles.css';

// Decision 0026, round 4. The organisation, its theme, the API client and the router exist before
// React's first render: creating the router starts the page's lazy chunks and its loader's
// requests now, not from inside that render. The first render is a transition, which React
// renders in short slices instead of one long task; what it shows is the same.
const organization = applyBrand();
const api = lazyApiClient(organization.id);
const router = createAppRouter(api);

const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App organization={organization} api={api} router={router} />
    </StrictMode>,
  );
});
