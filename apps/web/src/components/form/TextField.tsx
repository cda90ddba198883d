import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

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
  { label, error, hint, id, className = '', 'aria-describedby': describedBy, ...inputProps },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-ayuda`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="font-semibold">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds || undefined}
        className={`min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base ${
          error ? 'border-red-700' : 'border-gray-500'
        } focus:border-primary`}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
