import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { activationPayloadSchema, type ActivationPayload } from '@canal/shared';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form/TextField';
import { useApi } from '../../../lib/api/ApiProvider';
import { useAction } from '../../../lib/api/use-action';
import { useHydrated } from '../../../lib/use-hydrated';
import { NewPasswordFields, serverMessage, Spinner } from './NewPasswordFields';

/**
 * The activation code's page (decision 0075): a person whose complaint staff recorded types the
 * case number and the short code of the receipt and sets their own password, with the rules and
 * messages of the save modal. The answer tells them their follow-up code, which a new receipt
 * handed over in person does not print.
 */
export function ActivationForm() {
  const api = useApi();
  const form = useForm({
    mode: 'onTouched',
    resolver: zodResolver(activationPayloadSchema),
    defaultValues: { numero: '', codigo_activacion: '', password: '', repeatPassword: '' },
  });
  const { errors } = form.formState;
  // The server writes this form (decision 0078): until the page's code runs, nothing can be typed
  // or sent, so the browser never sends what was typed itself (in the address).
  const hydrated = useHydrated();
  const activate = useAction((values: ActivationPayload) => api.activateComplaint(values));

  if (activate.isSuccess) {
    return (
      <div className="space-y-4">
        <div role="status" className="space-y-2 rounded-md border border-primary bg-light p-4">
          <p className="font-semibold">Su contraseña fue creada.</p>
          <p>
            Su código de seguimiento es{' '}
            <strong className="font-mono text-lg break-all" data-testid="activated-ticket">
              {activate.data.ticket}
            </strong>
            . Anótelo y guárdelo en un lugar seguro: con ese código y su contraseña consulta su
            denuncia en la página de inicio.
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
      onSubmit={form.handleSubmit((values) => activate.mutate(values))}
      className="space-y-5"
    >
      <p>
        Si el equipo registró su denuncia y le entregó un comprobante con un código de activación,
        ingrese aquí el número de caso y ese código, y cree su contraseña. El código se puede usar
        una sola vez.
      </p>
      <TextField
        label="Número de caso"
        hint="Tal como aparece en su comprobante."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.numero?.message}
        {...form.register('numero')}
        disabled={!hydrated}
      />
      <TextField
        label="Código de activación"
        hint="8 letras y números, por ejemplo K7QF-2M9X. No importa si usa mayúsculas o minúsculas."
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.codigo_activacion?.message}
        {...form.register('codigo_activacion')}
        disabled={!hydrated}
      />
      <NewPasswordFields form={form} disabled={!hydrated} />
      {activate.isError && (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
          <p>{serverMessage(activate.error)}</p>
        </div>
      )}
      {/* A plain button until then, not a submit one (not disabled: no change of colours). */}
      <Button
        type={hydrated ? 'submit' : 'button'}
        className="w-full sm:w-auto"
        disabled={activate.isPending}
      >
        {activate.isPending && <Spinner />}
        Crear contraseña
      </Button>
    </form>
  );
}
