import { MESSAGES } from '@canal/shared';
import { HttpError, unreachableMessage } from '../../lib/api/http';

/**
 * The red box of the save modal (SPEC §8 "Complaint creation failure"): the server's `message`
 * field, else "Error desconocido". When the service cannot be reached, or an error answer carries
 * no message, a Spanish sentence that says what happened and what to do (issue 12) instead of
 * "Failed to fetch" or "HTTP Bad Gateway error has ocurred calling /v1/denuncias".
 */
export function saveErrorMessage(error: unknown): string {
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
