import { Spinner } from './Spinner';

/**
 * SPEC §2: the loading page shows "Cargando". A screen high, so the frame's footer stays below the
 * fold until the page replaces it (no layout shift when it does).
 */
export function LoadingPage() {
  return <Spinner label="Cargando" showLabel className="min-h-screen" />;
}
