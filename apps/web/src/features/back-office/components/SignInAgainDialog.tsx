import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../api/call';
import { requestSignIn, type StaffSession } from '../api/session';
import {
  PasskeyCeremonyError,
  passkeysSupported,
  requestPasskeySignIn,
  signInWithAnswer,
  useSignInWithAutofill,
} from '../api/passkeys';
import type { StaffUser } from '../api/users';
import { useStaffApi } from '../api/StaffApiProvider';
import { signInAgainResolver, type SignInAgainForm } from '../schemas';
import { FormAlert } from './FormAlert';
import { PasswordAndCodeFields } from './PasswordAndCodeFields';

const FORM_ID = 'formulario-ingresar-nuevamente';

/**
 * The staff session lapsed while a page was open (30 idle minutes, or its 8 hours): password and
 * code again, in place, as the portal does for complainants (issue 22). The e-mail is the signed-in
 * person's, not asked, so the text kept on the page is sent in their name only. "Salir" goes to the
 * sign-in page; Esc and the backdrop do nothing, so nothing typed is left by accident. Where the
 * browser can, the password field's autofill offers passkeys as the sign-in page's e-mail field
 * does; the one picked is sent with this person's e-mail, and the server takes only a passkey of
 * theirs (decision 0076).
 */
export function SignInAgainDialog({
  user,
  onSignedIn,
  onLeave,
}: {
  user: StaffUser;
  onSignedIn: (session: StaffSession) => void;
  onLeave: () => void;
}) {
  const api = useStaffApi();
  const form = useForm<SignInAgainForm>({
    mode: 'onTouched',
    resolver: signInAgainResolver,
    defaultValues: { password: '', code: '' },
  });
  const signIn = useMutation({
    mutationFn: (v: SignInAgainForm) => requestSignIn(api, { email: user.email, ...v }),
    onSuccess: onSignedIn,
    // A wrong code is the usual mistake: clear it so the next one is typed fresh.
    onError: () => form.setValue('code', ''),
  });
  // The passkey instead of the code, after this person's password: the server takes only a
  // passkey of the account named, so the page is resumed by the same person (decision 0076).
  const withPasskey = useMutation({
    mutationFn: (password: string) => requestPasskeySignIn(api, { email: user.email, password }),
    onSuccess: onSignedIn,
  });
  const autofill = useSignInWithAutofill(
    (answer) => signInWithAnswer(api, answer, { email: user.email }),
    onSignedIn,
    [signIn, withPasskey],
  );
  const { others, attempt, busy, failure } = autofill;
  const passkeyInstead = async () => {
    others(withPasskey);
    form.clearErrors('code');
    if (await form.trigger('password'))
      withPasskey.mutate(form.getValues('password'), attempt(withPasskey));
  };
  const { errors } = form.formState;
  return (
    <Modal
      open
      onClose={() => undefined}
      locked
      hideClose
      title="Su sesión expiró"
      footer={
        <>
          <Button variant="secondary" onClick={onLeave} disabled={busy}>
            Salir
          </Button>
          <Button type="submit" form={FORM_ID} disabled={busy}>
            {signIn.isPending ? 'Ingresando…' : 'Ingresar nuevamente'}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((v) => signIn.mutate(v, attempt(signIn)))}
      >
        <p>
          Por su seguridad, la sesión se cierra tras 30 minutos sin actividad o a las 8 horas.
          Ingrese nuevamente como <strong>{user.name}</strong> ({user.email}): lo que escribió sigue
          en la página, y lo que estaba guardando se enviará apenas ingrese.
        </p>
        {failure && (
          <FormAlert>
            {failure instanceof PasskeyCeremonyError ? failure.message : errorMessage(failure)}
          </FormAlert>
        )}
        <PasswordAndCodeFields
          register={form.register}
          errors={errors}
          passkeyAutofill={autofill.supported}
        />
        {passkeysSupported() && (
          <Button variant="ghost" disabled={busy} onClick={() => void passkeyInstead()}>
            {withPasskey.isPending
              ? 'Esperando la llave de acceso…'
              : 'Usar mi llave de acceso en lugar del código'}
          </Button>
        )}
        <p className="text-sm text-gray-700">Si sale, lo que escribió en esta página se pierde.</p>
      </form>
    </Modal>
  );
}
