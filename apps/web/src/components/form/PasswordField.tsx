import { forwardRef, useState } from 'react';
import { controlClass, FieldFrame, FieldMessages, useField } from './field-parts';
import type { TextFieldProps } from './TextField';

/**
 * A password input with a "Mostrar contraseña" / "Ocultar contraseña" button under it: on a
 * phone's keyboard a mistyped password is otherwise only found when it is refused. Shown as text,
 * the keyboard must neither correct nor capitalise it, nor the browser send it to a spelling
 * service. The label, hint and error work as in `TextField`.
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField(
    { label, error, hint, id, className = '', 'aria-describedby': extraDescribedBy, ...inputProps },
    ref,
  ) {
    const [shown, setShown] = useState(false);
    const { controlId, hintId, errorId, control } = useField(id, error, hint);
    return (
      <FieldFrame controlId={controlId} label={label} className={className}>
        <input
          ref={ref}
          {...control({ before: extraDescribedBy })}
          className={controlClass(error)}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...inputProps}
          type={shown ? 'text' : 'password'}
        />
        <button
          type="button"
          className="min-h-11 self-start text-primary underline hover:no-underline"
          onClick={() => setShown(!shown)}
        >
          {shown ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        </button>
        <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
      </FieldFrame>
    );
  },
);
