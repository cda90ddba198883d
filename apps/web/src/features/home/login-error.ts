import { MESSAGES } from '@canal/shared';
import { HttpError } from '../../lib/api/http';

/**
 * SPEC §8, login: 401 is "Código o contraseña incorrecta"; another answer shows the server's
 * message, else "Error desconocido"; no answer at all is again "Código o contraseña incorrecta".
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return MESSAGES.unknownError;
  if (!error.hasResponse || error.status === 401) return MESSAGES.loginUnauthorized;
  return error.serverMessage ?? MESSAGES.unknownError;
}
