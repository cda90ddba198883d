import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@canal/shared';

/** SPEC §2: "{status} - {statusText}" for route errors, "Error Desconocido" otherwise. */
export function ErrorPage() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? MESSAGES.routeError(error.status, error.statusText)
    : MESSAGES.routeUnknownError;
  return (
    <main className="mx-auto max-w-3xl p-8 text-center">
      <h1 className="text-2xl font-bold">{text}</h1>
      <p className="mt-4">
        <a className="text-primary underline" href="/">
          Volver al inicio
        </a>
      </p>
    </main>
  );
}
