import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { MESSAGES, PASSWORD_SPECIAL_CHARACTERS } from '@canal/shared';
import { PasswordField } from '../../../components/form/PasswordField';
import { HttpError, unreachableMessage } from '../../../lib/api/http';

const RULES = (
  <>
    Mínimo 6 caracteres, con al menos un número, una letra mayúscula y uno de estos caracteres
    especiales: <span className="font-mono">{PASSWORD_SPECIAL_CHARACTERS.split('').join(' ')}</span>
  </>
);

interface PasswordValues {
  password: string;
  repeatPassword?: string | null;
}

/**
 * The new password and its repetition, with the rules and messages of the save modal: the reset
 * link's page and the activation code's page (decision 0075) ask for it the same way.
 */
export function NewPasswordFields<T extends PasswordValues, C, O>({
  form,
  disabled = false,
}: {
  form: UseFormReturn<T, C, O>;
  /** Until the page is hydrated (decision 0078: the browser must not send the form itself). */
  disabled?: boolean;
}) {
  // Both pages' forms hold these two fields; their generic paths are named here once.
  const f = form as unknown as UseFormReturn<PasswordValues>;
  const errors = f.formState.errors as FieldErrors<PasswordValues>;
  return (
    <>
      <PasswordField
        label="Nueva contraseña"
        autoComplete="new-password"
        hint={RULES}
        error={errors.password?.message}
        {...f.register('password', {
          // Keep the "must match" message of the repeat field in step once it has been typed.
          onChange: () =>
            f.getFieldState('repeatPassword').isDirty && void f.trigger('repeatPassword'),
        })}
        disabled={disabled}
      />
      <PasswordField
        label="Repetir contraseña"
        autoComplete="new-password"
        error={errors.repeatPassword?.message}
        {...f.register('repeatPassword')}
        disabled={disabled}
      />
    </>
  );
}

/** A refused link or code answers with the server's own words (DESIGN §5). */
export function serverMessage(error: unknown): string {
  return (
    unreachableMessage(error) ??
    ((error instanceof HttpError && error.serverMessage) || MESSAGES.unknownError)
  );
}

/** The spinner of a pending submit button. */
export const Spinner = () => (
  <span
    aria-hidden="true"
    className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
  />
);
