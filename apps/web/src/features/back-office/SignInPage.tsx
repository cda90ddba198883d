import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { HttpError } from '../../lib/api/http';
import { errorMessage } from './api/call';
import { staffKeys } from './api/keys';
import { requestSignIn, type Credentials } from './api/session';
import {
  PasskeyCeremonyError,
  passkeysSupported,
  requestPasskeySignIn,
  signInWithAnswer,
  useSignInWithAutofill,
} from './api/passkeys';
import { useStaffApi } from './api/StaffApiProvider';
import { SSO_REFUSAL_MESSAGES, useSsoProviders } from './api/sso';
import { AuthCard } from './components/AuthCard';
import { PasswordAndCodeFields } from './components/PasswordAndCodeFields';
import { FormAlert } from './components/FormAlert';
import type { SignInState } from './components/GestionShell';
import { signInResolver, type SignInForm } from './schemas';

/** Where to go after signing in: back to the page the session expired on, if it was a back-office page. */
const afterSignIn = (from: string | undefined) =>
  from && from.startsWith('/gestion') && !from.startsWith(paths.staffSignIn())
    ? from
    : paths.staffInbox();

/**
 * /gestion/ingresar: e-mail, password and the 6-digit code of the authenticator app; or a passkey,
 * alone or instead of the code (decision 0076), also offered in the e-mail field's autofill where
 * the browser can.
 */
export function SignInPage() {
  const api = useStaffApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = (useLocation().state ?? {}) as SignInState & { signedOut?: boolean };
  const providers = useSsoProviders().data ?? [];
  const refusal = SSO_REFUSAL_MESSAGES[useSearchParams()[0].get('sso') ?? ''];
  const form = useForm<SignInForm>({
    mode: 'onTouched',
    resolver: signInResolver,
    defaultValues: { email: '', password: '', code: '' },
  });
  const signedIn = (answer: Awaited<ReturnType<typeof requestSignIn>>) => {
    queryClient.setQueryData(staffKeys.session(), answer);
    navigate(afterSignIn(state.from), { replace: true });
  };
  const signIn = useMutation({
    mutationFn: (v: Credentials) => requestSignIn(api, v),
    onSuccess: signedIn,
    // A wrong code is the usual mistake: clear it so the next one is typed fresh.
    onError: () => form.setValue('code', ''),
  });
  // A passkey: alone (null), or after the e-mail and password instead of the code (decision 0076).
  const withPasskey = useMutation({
    mutationFn: (credentials: { email: string; password: string } | null) =>
      requestPasskeySignIn(api, credentials),
    onSuccess: signedIn,
  });
  // A passkey picked in the e-mail field's autofill, where the browser offers one: the same
  // sign-in as the passkey alone. The offer stands while nothing else is under way.
  const autofill = useSignInWithAutofill((answer) => signInWithAnswer(api, answer), signedIn, [
    signIn,
    withPasskey,
  ]);
  const { others, attempt, busy, failure } = autofill;
  const passkeyAfterPassword = async () => {
    others(withPasskey);
    form.clearErrors('code');
    if (!(await form.trigger(['email', 'password']))) return;
    const { email, password } = form.getValues();
    withPasskey.mutate({ email, password }, attempt(withPasskey));
  };
  const { errors } = form.formState;
  const throttled = failure instanceof HttpError && failure.status === 429;

  return (
    <AuthCard title="Ingresar a la gestión de casos">
      {state.expired && !signIn.isPending && !failure && (
        <FormAlert tone="info">Su sesión expiró o ya no es válida. Ingrese nuevamente.</FormAlert>
      )}
      {state.signedOut && !failure && <FormAlert tone="success">Cerró su sesión.</FormAlert>}
      {refusal && !failure && <FormAlert>{refusal}</FormAlert>}
      {providers.length > 0 && (
        <div className="space-y-2">
          {providers.map((p) => (
            <a
              key={p.id}
              href={p.startUrl}
              className="flex min-h-11 w-full items-center justify-center rounded-md border-2 border-primary px-4 font-semibold text-primary hover:bg-primary hover:text-white"
            >
              Ingresar con {p.name}
            </a>
          ))}
          <p className="text-center text-sm text-gray-700">o con su correo, contraseña y código</p>
        </div>
      )}
      {passkeysSupported() && (
        <div className="space-y-2">
          <Button
            variant="secondary"
            className="w-full"
            disabled={busy}
            onClick={() => withPasskey.mutate(null, attempt(withPasskey))}
          >
            Ingresar con llave de acceso
          </Button>
          <p className="text-center text-sm text-gray-700">o con su correo, contraseña y código</p>
        </div>
      )}
      {failure && (
        <FormAlert>
          {failure instanceof PasskeyCeremonyError ? failure.message : errorMessage(failure)}
          {throttled && (
            <span className="mt-1 block text-sm">
              Por seguridad, el ingreso queda bloqueado por unos minutos tras varios intentos
              fallidos.
            </span>
          )}
        </FormAlert>
      )}
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => signIn.mutate(values, attempt(signIn)))}
      >
        <TextField
          label="Correo electrónico"
          type="email"
          // "webauthn" asks the browser to list the passkeys among the saved accounts.
          autoComplete={autofill.supported ? 'username webauthn' : 'username'}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordAndCodeFields register={form.register} errors={errors} />
        <Button type="submit" className="w-full" disabled={busy}>
          {signIn.isPending ? 'Ingresando…' : 'Ingresar'}
        </Button>
        {passkeysSupported() && (
          <Button
            variant="ghost"
            className="w-full"
            disabled={busy}
            onClick={() => void passkeyAfterPassword()}
          >
            {withPasskey.isPending
              ? 'Esperando la llave de acceso…'
              : 'Usar mi llave de acceso en lugar del código'}
          </Button>
        )}
      </form>
      <p className="text-sm text-gray-700">
        ¿Es su primer ingreso? Use el enlace de activación que recibió por correo. Si perdió su
        teléfono, pida a una persona administradora que le reenvíe la invitación.
      </p>
    </AuthCard>
  );
}
