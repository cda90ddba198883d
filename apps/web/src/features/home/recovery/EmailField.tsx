import type { ComponentProps } from 'react';
import { TextField } from '../../../components/form/TextField';

/** The e-mail the complainant registered in their complaint (both recovery dialogs). */
export function EmailField(
  props: Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete'>,
) {
  return <TextField label="Correo electrónico" type="email" autoComplete="email" {...props} />;
}
