import type { ComponentProps } from 'react';
import { TextField } from '../../../components/form/TextField';

/** The six digits of the authenticator app (sign-in and activation). */
export function TotpCodeField(
  props: Omit<
    ComponentProps<typeof TextField>,
    'label' | 'inputMode' | 'autoComplete' | 'maxLength'
  >,
) {
  return (
    <TextField
      label="Código de verificación"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}
