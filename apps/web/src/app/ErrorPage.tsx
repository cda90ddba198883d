import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FIRST_LOAD_MESSAGES } from '@canal/shared';

/**
 * SPEC §2: "{status} - {statusText}" for route errors, "Error Desconocido" otherwise, and a way
 * home; a page's error shown inside the brand's frame (RootLayout's <main> around it).
 */
export function FramedErrorPage() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? FIRST_LOAD_MESSAGES.routeError(error.status, error.statusText)
    : FIRST_LOAD_MESSAGES.routeUnknownError;
  return (
    <div className="mx-auto max-w-3xl p-8 text-center">
      <h1 className="text-2xl font-bold">{text}</h1>
      <p className="mt-4">
        <a className="text-primary underline" href="/">
          Volver al inicio
        </a>
      </p>
    </div>
  );
}

/** An error of the frame itself: the message alone, in its own <main>. */
export function ErrorPage() {
  return (
    <main>
      <FramedErrorPage />
    </main>
  );
}

/** The route of a path no page has: a 404 shown in the frame. */
export function notFoundLoader(): never {
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}
