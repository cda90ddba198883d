import { zodResolver } from '@hookform/resolvers/zod';
import { TotpCodeField } from './components/TotpCodeField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/form/PasswordField';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import { staffKeys } from './api/keys';
import { requestActivation, useInvitation } from './api/session';
import { useStaffApi } from './api/StaffApiProvider';
import { AuthCard } from './components/AuthCard';
import { FormAlert } from './components/FormAlert';
import { QrCode } from './components/QrCode';
import { activationFormSchema, type ActivationForm } from './schemas';

/** Reads the token from the fragment once and drops it from the address bar (and the history). */
function useFragmentToken(): string {
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
  }, []);
  return token;
}

/** The secret in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** /gestion/activar#<token>: set a password, enrol the authenticator app, prove it with a code. */
export function ActivatePage() {
  const api = useStaffApi();
  const token = useFragmentToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useInvitation(token);
  const form = useForm<ActivationForm>({
    mode: 'onTouched',
    resolver: zodResolver(activationFormSchema),
    defaultValues: { password: '', confirmation: '', code: '' },
  });
  const activation = useMutation({
    mutationFn: (v: ActivationForm) =>
      requestActivation(api, { token, password: v.password, code: v.code }),
    onSuccess: (answer) => {
      queryClient.setQueryData(staffKeys.session(), answer);
      navigate(paths.staffInbox(), { replace: true });
    },
  });
  const { errors } = form.formState;

  if (!token || invitation.isError) {
    return (
      <AuthCard title="Activar cuenta">
        <FormAlert>
          {token
            ? errorMessage(invitation.error)
            : 'El enlace no es válido o ya expiró. Solicite uno nuevo.'}
        </FormAlert>
        <p>
          Pida a una persona administradora que le envíe una nueva invitación, o{' '}
          <Link className="text-primary underline" to={paths.staffSignIn()}>
            vaya al ingreso
          </Link>{' '}
          si ya activó su cuenta.
        </p>
      </AuthCard>
    );
  }
  if (!invitation.data) {
    return (
      <AuthCard title="Activar cuenta">
        <LoadingView />
      </AuthCard>
    );
  }
  const { name, email, totp } = invitation.data;
  return (
    <AuthCard title="Activar cuenta">
      <p>
        Hola, <strong>{name}</strong> ({email}). Cree su contraseña y configure el segundo factor de
        ingreso.
      </p>
      <form
        noValidate
        className="space-y-5"
        onSubmit={form.handleSubmit((v) => activation.mutate(v))}
      >
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-bold text-secondary">1. Contraseña</legend>
          <PasswordField
            label="Nueva contraseña"
            autoComplete="new-password"
            hint="Al menos 12 caracteres, combinando letras y números."
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordField
            label="Repita la contraseña"
            autoComplete="new-password"
            error={errors.confirmation?.message}
            {...form.register('confirmation')}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-bold text-secondary">
            2. Aplicación de autenticación
          </legend>
          <p>
            Escanee este código con su aplicación (Google Authenticator, Microsoft Authenticator,
            FreeOTP u otra compatible con TOTP).
          </p>
          <div className="flex justify-center">
            <QrCode
              value={totp.uri}
              alt="Código QR para agregar la cuenta a su aplicación de autenticación"
              fallback="No pudimos dibujar el código QR; ingrese la clave manualmente."
            />
          </div>
          <p>
            Si no puede escanearlo, ingrese esta clave en la aplicación:{' '}
            <code
              data-testid="totp-secret"
              className="rounded bg-gray-100 px-2 py-1 font-mono text-base break-all"
            >
              {grouped(totp.secret)}
            </code>
          </p>
          <TotpCodeField
            hint="Los 6 dígitos que muestra ahora la aplicación."
            error={errors.code?.message}
            {...form.register('code')}
          />
        </fieldset>
        {activation.isError && <FormAlert>{errorMessage(activation.error)}</FormAlert>}
        <Button type="submit" className="w-full" disabled={activation.isPending}>
          {activation.isPending ? 'Activando…' : 'Activar cuenta e ingresar'}
        </Button>
      </form>
    </AuthCard>
  );
}
