import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FIRST_LOAD_MESSAGES } from '@canal/shared';
import type { ApiClient } from '../../lib/api/client';

export interface LoginFields {
  ticket: string;
  password: string;
}
export type LoginField = keyof LoginFields;
export type LoginErrors = Partial<Record<LoginField, string>>;

let signInPromise: Promise<typeof import('./sign-in')> | undefined;
/**
 * The sign-in's code, loaded on demand (sign-in.ts: the shared `loginSchema` with zod, ~25 KB gzip,
 * the request and its failures' wording), once, on the first focus or check; a failed load is
 * retried.
 */
function loadSignIn() {
  signInPromise ??= import('./sign-in').catch((error: unknown) => {
    signInPromise = undefined;
    throw error;
  });
  return signInPromise;
}

/**
 * The follow-up login form: the shared `loginSchema` checks each field on change and on blur
 * (SPEC §5), like the other forms, but without react-hook-form, which would cost the home page
 * about 9 KB gzip for two fields (docs/decisions/0005-home-forms.md); a valid form signs in
 * (`pending` meanwhile, `failure` worded) and hands the ticket to `onSignedIn`. All the code that
 * checks and sends loads with the form's first focus, not with the page (issue 26).
 */
export function useLoginForm(api: ApiClient, onSignedIn: (ticket: number) => void) {
  const [values, setValues] = useState<LoginFields>({ ticket: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [sending, setSending] = useState<{ pending: boolean; failure: string | null }>({
    pending: false,
    failure: null,
  });
  // Checks are asynchronous: only the latest one per field may write its result.
  const latest = useRef<Record<LoginField, number>>({ ticket: 0, password: 0 });

  const checkField = async (field: LoginField, next: LoginFields) => {
    const run = ++latest.current[field];
    const { errors: found } = (await loadSignIn()).checkLogin(next);
    if (run === latest.current[field])
      setErrors((current) => ({ ...current, [field]: found[field] }));
  };

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      void checkField(name, next);
    },
    onBlur: () => void checkField(name, values),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    latest.current.ticket++;
    latest.current.password++;
    const signIn = await loadSignIn().catch(() => null);
    // The code that signs in cannot be had: the connection is what failed.
    if (!signIn) return setSending({ pending: false, failure: FIRST_LOAD_MESSAGES.noConnection });
    const { errors: found, data } = signIn.checkLogin(values);
    setErrors(found);
    if (!data) return;
    setSending({ pending: true, failure: null });
    signIn
      .signIn(api, data)
      .then(onSignedIn, (error: Error) => setSending({ pending: false, failure: error.message }));
  };

  return {
    values,
    field,
    handleSubmit,
    ...sending,
    preload: () => void loadSignIn().catch(() => undefined),
  };
}
