import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

export interface LoginFields {
  ticket: string;
  password: string;
}
type Field = keyof LoginFields;
type Errors = Partial<Record<Field, string>>;

let signInPromise: Promise<typeof import('./sign-in')> | undefined;
/**
 * The sign-in's code loaded on demand (sign-in.ts): the shared `loginSchema` (with zod, ~25 KB gzip)
 * and the wording of a failure, loaded once, on the first focus or check; a failed load is retried.
 */
export function loadSignIn() {
  signInPromise ??= import('./sign-in').catch((error: unknown) => {
    signInPromise = undefined;
    throw error;
  });
  return signInPromise;
}

const loadSchema = () => loadSignIn().then((m) => m.loginSchema);

async function check(values: LoginFields): Promise<{ errors: Errors; data?: LoginFields }> {
  const result = (await loadSchema()).safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * The follow-up login form: the shared `loginSchema` checks each field on change and on blur
 * (SPEC §5), like the other forms, but without react-hook-form, which would cost the home page
 * about 9 KB gzip for two fields (docs/decisions/0005-home-forms.md).
 */
export function useLoginForm(onValid: (values: LoginFields) => void) {
  const [values, setValues] = useState<LoginFields>({ ticket: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  // Checks are asynchronous: only the latest one per field may write its result.
  const latest = useRef<Record<Field, number>>({ ticket: 0, password: 0 });

  const checkField = async (field: Field, next: LoginFields) => {
    const run = ++latest.current[field];
    const { errors: found } = await check(next);
    if (run === latest.current[field])
      setErrors((current) => ({ ...current, [field]: found[field] }));
  };

  const field = (name: Field) => ({
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
    const { errors: found, data } = await check(values);
    setErrors(found);
    if (data) onValid(data);
  };

  return { values, field, handleSubmit, preload: () => void loadSchema().catch(() => undefined) };
}
