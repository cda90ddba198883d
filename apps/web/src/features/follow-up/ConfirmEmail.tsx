import { MESSAGES } from '@canal/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../components/Button';
import { useApi } from '../../lib/api/ApiProvider';
import { HttpError, unreachableMessage } from '../../lib/api/http';
import { useAction } from '../../lib/api/use-action';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The page the link mailed to a new contact address opens (Law 21.719). The change is made by a
 * button, not by opening the page, so a mail scanner that follows links changes nothing.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const api = useApi();
  const confirm = useAction(() => api.confirmEmail(token));
  // Written by the server (decision 0078): a press before the page's code has taken it over would
  // do nothing, so the button waits for it.
  const hydrated = useHydrated();
  if (confirm.isSuccess)
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-primary bg-light p-4 font-semibold">
          {confirm.data.message}
        </p>
        <Link
          to={paths.home()}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline hover:no-underline"
        >
          Ir al inicio para consultar su denuncia
        </Link>
      </div>
    );
  const error = confirm.isError
    ? (unreachableMessage(confirm.error) ??
      ((confirm.error instanceof HttpError && confirm.error.serverMessage) ||
        MESSAGES.unknownError))
    : null;
  return (
    <div className="space-y-4">
      <p>
        Presione el botón para usar esta dirección como correo de contacto de su denuncia. Los
        avisos del canal llegarán a ella.
      </p>
      {error && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      <Button disabled={!hydrated || confirm.isPending} onClick={() => confirm.mutate(undefined)}>
        Confirmar mi nuevo correo
      </Button>
    </div>
  );
}
