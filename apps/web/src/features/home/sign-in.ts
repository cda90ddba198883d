import { loginSchema } from '@canal/shared';
import type { ApiClient } from '../../lib/api/client';
import { loginErrorMessage } from '../../lib/api/login-error';
import type { LoginErrors, LoginField, LoginFields } from './useLoginForm';

// The follow-up login's code that runs only once the person acts (useLoginForm.ts `loadSignIn`,
// on the form's first focus): the shared `loginSchema` (with zod), the request and the wording of
// a failure stay out of the first load of `/`.

/** The fields checked with the shared schema (SPEC §5): each field's first message, or the data. */
export function checkLogin(values: LoginFields): { errors: LoginErrors; data?: LoginFields } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * Signs in with the numeric ticket: the ticket once the session is open, or a failure worded for
 * the person (SPEC §8: 401 is "Código o contraseña incorrecta", issue 12: an unreachable service).
 */
export function signIn(api: ApiClient, { ticket, password }: LoginFields): Promise<number> {
  const id = Number.parseInt(ticket, 10);
  return api.login(id, password).then(
    () => id,
    (error: unknown) => {
      throw new Error(loginErrorMessage(error));
    },
  );
}
