import { MESSAGES } from '@canal/shared';
import { HttpError, unreachableMessage } from './http';

/**
 * SPEC §8, login: 401 is "Código o contraseña incorrecta"; another answer shows the server's
 * message, else "Error desconocido". When the service cannot be reached the person is told so
 * (issue 12), not that the code or password is wrong.
 */
export function loginErrorMessage(error: unknown): string {
  const unreachable = unreachableMessage(error);
  if (unreachable) return unreachable;
  if (!(error instanceof HttpError)) return MESSAGES.unknownError;
  if (error.status === 401) return MESSAGES.loginUnauthorized;
  return error.serverMessage ?? MESSAGES.unknownError;
}
