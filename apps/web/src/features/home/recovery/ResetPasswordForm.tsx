import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { z } from 'zod';
import { resetPasswordSchema } from '@canal/shared';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/Button';
import { useApi } from '../../../lib/api/ApiProvider';
import { useAction } from '../../../lib/api/use-action';
import { useHydrated } from '../../../lib/use-hydrated';
import { NewPasswordFields, serverMessage, Spinner } from './NewPasswordFields';

type ResetPasswordFields = z.output<typeof resetPasswordSchema>;

/**
 * DESIGN §5: the new password set from the e-mailed link, with the rules and messages of the save
 * modal (the shared `resetPasswordSchema`).
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const api = useApi();
  const form = useForm({
    mode: 'all',
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', repeatPassword: '' },
  });
  // The server writes this form (decision 0078): until the page's code runs, nothing can be typed
  // or sent, so the browser never sends what was typed itself (in the address).
  const hydrated = useHydrated();
  const reset = useAction(({ password, repeatPassword }: ResetPasswordFields) =>
    api.resetPassword(token, password, repeatPassword),
  );

  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <div role="status" className="space-y-2 rounded-md border border-primary bg-light p-4">
          <p className="font-semibold">Su contraseña fue actualizada.</p>
          <p>
            Ya puede consultar su denuncia N° {reset.data.ticket} en la página de inicio con su
            código y la nueva contraseña.
          </p>
        </div>
        <Link
          to={paths.home()}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline hover:no-underline"
        >
          Ir al inicio para consultar su denuncia
        </Link>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => reset.mutate(values))}
      className="space-y-5"
    >
      <p>
        Ingrese la nueva contraseña para consultar su denuncia. El enlace que recibió se puede usar
        una sola vez.
      </p>
      <NewPasswordFields form={form} disabled={!hydrated} />
      {reset.isError && (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-red-700 bg-red-50 p-3 text-red-800"
        >
          <p>{serverMessage(reset.error)}</p>
          <p>
            Puede pedir un nuevo enlace con «Olvidé la contraseña de mi denuncia» en la{' '}
            <Link to={paths.home()} className="font-semibold underline">
              página de inicio
            </Link>
            . Si el enlace venía en un comprobante que le entregó el equipo, pida una nueva
            activación en persona.
          </p>
        </div>
      )}
      {/* A plain button until then, not a submit one (not disabled: no change of colours). */}
      <Button
        type={hydrated ? 'submit' : 'button'}
        className="w-full sm:w-auto"
        disabled={reset.isPending}
      >
        {reset.isPending && <Spinner />}
        Guardar contraseña
      </Button>
    </form>
  );
}
