import { Suspense, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FIRST_LOAD_MESSAGES } from '@canal/shared';
import { portalPaths as paths } from '../../config/portal-paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PasswordField } from '../../components/form/PasswordField';
import { TextField } from '../../components/form/TextField';
import { useApi } from '../../lib/api/ApiProvider';
import { preloadApiClient } from '../../lib/api/lazy-client';
import { useHydrated } from '../../lib/use-hydrated';
import {
  CodeRecoveryDialog,
  loadRecoveryDialogs,
  PasswordRecoveryDialog,
  preload,
} from './lazy-dialogs';
import { useLazyDialog } from './useLazyDialog';
import { useLoginForm } from './useLoginForm';

/** A link-styled button that opens a recovery dialog, loading its code on the first intent. */
function RecoveryLink({
  load,
  onClick,
  disabled,
  children,
}: {
  load: () => Promise<unknown>;
  onClick: () => void;
  /** Until hydrated: a press on the server's button would do nothing (decision 0078). */
  disabled: boolean;
  children: ReactNode;
}) {
  const warmUp = () => preload(load);
  return (
    <button
      type="button"
      className="min-h-11 text-left text-primary underline hover:no-underline"
      onPointerEnter={warmUp}
      onFocus={warmUp}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </button>
  );
}

/**
 * Right block of the home page (SPEC §2): code and password open the complaint's detail; the two
 * recovery dialogs start from here.
 */
export function FollowUpLogin() {
  const api = useApi();
  const navigate = useNavigate();
  const codeRecovery = useLazyDialog();
  const passwordRecovery = useLazyDialog();
  // The server writes this form (decision 0078): until the page's code runs, nothing can be typed
  // or sent, so the browser never sends the code and password itself (in the address).
  const hydrated = useHydrated();
  const form = useLoginForm(api, (ticket) => navigate(paths.complaintDetail(ticket)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { ticket, password } = form.values;
    // SPEC §2/§8: a missing code or password is answered with the browser alert "error!".
    if (ticket.trim() === '' || password === '') {
      event.preventDefault();
      window.alert(FIRST_LOAD_MESSAGES.loginMissingFields);
      return;
    }
    void form.handleSubmit(event);
  };

  return (
    <Card
      titleId="consultar-estado"
      title="Consultar estado de su denuncia"
      className="flex flex-col gap-5"
    >
      <form
        noValidate
        onSubmit={submit}
        onFocus={() => {
          form.preload();
          preloadApiClient();
        }}
        className="flex flex-col gap-4"
        aria-busy={form.pending}
      >
        <TextField
          label="Código de denuncia"
          inputMode="numeric"
          autoComplete="off"
          {...form.field('ticket')}
          disabled={!hydrated}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="current-password"
          {...form.field('password')}
          disabled={!hydrated}
        />
        <div className="flex flex-col items-start gap-1">
          <RecoveryLink
            load={loadRecoveryDialogs}
            onClick={passwordRecovery.show}
            disabled={!hydrated}
          >
            Olvidé la contraseña de mi denuncia
          </RecoveryLink>
          <RecoveryLink load={loadRecoveryDialogs} onClick={codeRecovery.show} disabled={!hydrated}>
            Olvidé el código de mi denuncia
          </RecoveryLink>
        </div>
        {form.failure && (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
            {form.failure}
          </p>
        )}
        <div>
          <Button
            // Until React takes the page over, not a submit button: the browser would send the
            // form itself, code and password in the address. Not disabled either: its colours
            // stay those of the enabled button, with no change when the page hydrates.
            type={hydrated ? 'submit' : 'button'}
            className="w-full sm:w-auto"
            disabled={form.pending}
          >
            {form.pending && (
              <span
                aria-hidden="true"
                data-testid="login-spinner"
                className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
              />
            )}
            Consultar denuncia
          </Button>
          <span role="status" className="sr-only">
            {form.pending ? 'Consultando su denuncia' : ''}
          </span>
        </div>
      </form>
      {codeRecovery.mounted && (
        <Suspense fallback={null}>
          <CodeRecoveryDialog open={codeRecovery.open} onClose={codeRecovery.hide} />
        </Suspense>
      )}
      {passwordRecovery.mounted && (
        <Suspense fallback={null}>
          <PasswordRecoveryDialog open={passwordRecovery.open} onClose={passwordRecovery.hide} />
        </Suspense>
      )}
    </Card>
  );
}
