import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { LoadingPage } from './LoadingPage';

/** Header area, page content and footer around every route (SPEC §2 "Shared frame"). */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <main id="contenido" className="flex-1">
        <Suspense fallback={<LoadingPage />}>{navigation.state === 'loading' ? <LoadingPage /> : <Outlet />}</Suspense>
      </main>
    </div>
  );
}
