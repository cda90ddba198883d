import { MESSAGES } from '@canal/shared';
import { HttpError } from '../../lib/api/http';

/**
 * The red box of the save modal (SPEC §8 "Complaint creation failure"): the server's `message`
 * field, else the error's own message, else "Error desconocido".
 */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.unknownError;
}
