import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { controlClass, FieldFrame, FieldMessages, useField } from './field-parts';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** The field's error message; shown below the input and announced. */
  error?: string;
  /** A permanent help text below the input. */
  hint?: ReactNode;
}

/**
 * A labelled input: the label is tied to the input, the hint and the error are referenced by
 * `aria-describedby`, the error is announced (`role="alert"`) and marks the input `aria-invalid`.
 * Works with react-hook-form's `register` (the ref reaches the input).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className = '', 'aria-describedby': extraDescribedBy, ...inputProps },
  ref,
) {
  const { controlId, hintId, errorId, control } = useField(id, error, hint);
  return (
    <FieldFrame controlId={controlId} label={label} className={className}>
      <input
        ref={ref}
        {...control({ before: extraDescribedBy })}
        className={controlClass(error)}
        {...inputProps}
      />
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </FieldFrame>
  );
});
