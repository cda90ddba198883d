import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { PasswordField } from '../../../components/form/PasswordField';
import { TotpCodeField } from './TotpCodeField';

interface Credentials extends FieldValues {
  password: string;
  code: string;
}

/**
 * A staff member's password and TOTP code: the sign-in page's and the sign-in-again dialog's.
 * `passkeyAutofill`: the password field also asks the browser for passkeys (the dialog has no
 * e-mail field to carry the offer, decision 0076).
 */
export function PasswordAndCodeFields<T extends Credentials>({
  register,
  errors,
  passkeyAutofill = false,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<Credentials>;
  passkeyAutofill?: boolean;
}) {
  return (
    <>
      <PasswordField
        label="Contraseña"
        autoComplete={passkeyAutofill ? 'current-password webauthn' : 'current-password'}
        error={errors.password?.message}
        {...register('password' as Path<T>)}
      />
      <TotpCodeField
        hint="Los 6 dígitos que muestra su aplicación de autenticación."
        error={errors.code?.message}
        {...register('code' as Path<T>)}
      />
    </>
  );
}
