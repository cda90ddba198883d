import { MESSAGES } from '@canal/shared';
import { HttpError, unreachableMessage } from '../../lib/api/http';
import { uploadWasCut } from '../../lib/api/resumable';

/**
 * A cut connection tus could not get past while the filing's files were sent (decision 0074):
 * what to do, and that nothing is lost; the part already sent stays on the server for this tab.
 */
export const FILING_UPLOAD_STOPPED_MESSAGE =
  'Se perdió la conexión y la subida de sus archivos no pudo continuar. Revise su conexión a internet (datos móviles o Wi-Fi) y presione «Guardar denuncia» nuevamente: la subida seguirá desde donde quedó. Lo que escribió y sus archivos siguen aquí.';

/**
 * The red box of the save modal (SPEC §8 "Complaint creation failure"): the server's `message`
 * field, else "Error desconocido". When the service cannot be reached, or an error answer carries
 * no message, a Spanish sentence that says what happened and what to do (issue 12) instead of
 * "Failed to fetch" or "HTTP Bad Gateway error has ocurred calling /v1/denuncias".
 */
export function saveErrorMessage(error: unknown): string {
  if (uploadWasCut(error) && error instanceof HttpError && error.url.includes('/subidas')) {
    console.error(error.message);
    return FILING_UPLOAD_STOPPED_MESSAGE;
  }
  const unreachable = unreachableMessage(error);
  if (unreachable) return unreachable;
  if (error instanceof HttpError) {
    // The spec's "HTTP <status> error has ocurred calling <url>" stays in the console.
    if (!error.serverMessage) console.error(error.message);
    return error.serverMessage ?? MESSAGES.unexpectedError;
  }
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.unknownError;
}
