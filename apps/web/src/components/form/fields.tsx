import {
  forwardRef,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { controlClass, FieldFrame, FieldMessages, useField } from './field-parts';

// Select and text area in the look of TextField, on the same plumbing (field-parts).

export interface SelectOption {
  value: number | string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** The choices, after an empty first option (`placeholder`); or give <option>s as children. */
  options?: readonly SelectOption[];
  error?: string;
  hint?: ReactNode;
  /** The empty first option. */
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  {
    label,
    options,
    error,
    hint,
    placeholder = 'Seleccione una opción',
    id,
    className = '',
    children,
    ...selectProps
  },
  ref,
) {
  const { controlId, hintId, errorId, control } = useField(id, error, hint);
  return (
    <FieldFrame controlId={controlId} label={label} className={className}>
      <select ref={ref} {...control()} className={controlClass(error)} {...selectProps}>
        {options ? (
          <>
            <option value="">{placeholder}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </>
        ) : (
          children
        )}
      </select>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </FieldFrame>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown under the box on the right, e.g. "120 / 3500". */
  counter?: ReactNode;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, error, hint, counter, id, className = '', ...areaProps }, ref) {
    const { controlId, hintId, errorId, control } = useField(id, error, hint);
    const counterId = `${controlId}-contador`;
    return (
      <FieldFrame controlId={controlId} label={label} className={className}>
        {hint && (
          <p id={hintId} className="text-sm text-gray-700">
            {hint}
          </p>
        )}
        <textarea
          ref={ref}
          {...control({ between: counter !== undefined ? counterId : null })}
          className={`${controlClass(error)} resize-y ${areaProps.rows === undefined ? 'min-h-40' : ''}`}
          {...areaProps}
        />
        <div className="flex items-start justify-between gap-3">
          <div>
            <FieldMessages hintId={hintId} errorId={errorId} error={error} />
          </div>
          {counter !== undefined && (
            <p id={counterId} className="shrink-0 text-sm text-gray-700 tabular-nums">
              {counter}
            </p>
          )}
        </div>
      </FieldFrame>
    );
  },
);
