import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { HeaderArea } from '../features/frame/HeaderArea';
import { LoadingPage } from '../components/LoadingPage';

// The footer sits below the fold (a page, or its loading view, takes at least a screen's height):
// its code and its data come in their own chunk after the first paint (decision 0026, round 2).
const Footer = lazy(() => import('../features/frame/Footer').then((m) => ({ default: m.Footer })));

/** Header area, page content and footer around every route (SPEC §2 "Shared frame"). */
export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // After moving to another page the focus goes to its heading (else to the content), so a
  // screen reader announces the new page and Tab starts there (issue 12); not on the first load.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('contenido');
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    (heading ?? main)?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-primary focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <HeaderArea />
      <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<LoadingPage />}>
          {navigation.state === 'loading' ? <LoadingPage /> : <Outlet />}
        </Suspense>
      </main>
      {/* Until it arrives, the footer's band (nothing below it can move). The footer is hydrated
          when its code arrives, maybe after a dialog open as the page arrives (the terms) has hidden
          the page behind it from assistive technology: that dialog marks this box, which React has
          already taken over, and never the footer, which React would find changed (Modal's inPlace). */}
      <div>
        <Suspense fallback={<div aria-hidden="true" className="min-h-72 bg-secondary" />}>
          <Footer />
        </Suspense>
      </div>
    </div>
  );
}
