import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FIRST_LOAD_MESSAGES } from '@canal/shared';

/** SPEC §2: "{status} - {statusText}" for route errors, "Error Desconocido" otherwise. */
export function useErrorText(): string {
  const error = useRouteError();
  return isRouteErrorResponse(error)
    ? FIRST_LOAD_MESSAGES.routeError(error.status, error.statusText)
    : FIRST_LOAD_MESSAGES.routeUnknownError;
}

/** An error's text and the way home. */
export function ErrorMessage({ text }: { text: string }) {
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

/** A page's error shown inside the brand's frame (RootLayout's <main> around it). */
export function FramedErrorPage() {
  return <ErrorMessage text={useErrorText()} />;
}

/** An error of the frame itself: the message alone, in its own <main>. */
export function ErrorPage() {
  return (
    <main>
      <FramedErrorPage />
    </main>
  );
}

/** The route of a path no page has: a 404 shown in the frame (NotFoundPage.tsx). */
export function notFoundLoader(): never {
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}
