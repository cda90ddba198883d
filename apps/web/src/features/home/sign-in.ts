// Loaded on demand by the follow-up login (useLoginForm.ts `loadSignIn`), on the first focus of its
// form: the shared `loginSchema` (with zod) and the wording of a failed sign-in stay out of the
// first load of `/`.
export { loginSchema } from '@canal/shared';
export { loginErrorMessage } from '../../lib/api/login-error';
