import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { Footer } from '../features/frame/Footer';
import { HeaderArea } from '../features/frame/HeaderArea';
import { LoadingPage } from '../components/LoadingPage';

/** Header area, page content and footer around every route (SPEC §2 "Shared frame"). */
export function RootLayout() {
  const navigation = useNavigation();
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
      <Footer />
    </div>
  );
}
