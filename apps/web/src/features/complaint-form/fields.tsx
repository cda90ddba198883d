import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

// Select and text area in the look of components/form/TextField: label tied to the control, hint
// and error referenced by aria-describedby, the error announced and marking the control invalid.

function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

const controlClass = (error?: string) =>
  `min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 ${
    error ? 'border-red-700' : 'border-gray-500'
  } focus:border-primary`;

function FieldMessages({ hintId, hint, errorId, error }: { hintId: string; hint?: ReactNode; errorId: string; error?: string }) {
  return (
    <>
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
    </>
  );
}

export interface SelectOption {
  value: number | string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string;
  hint?: ReactNode;
  /** The empty first option. */
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, error, hint, placeholder = 'Seleccione una opción', id, className = '', ...selectProps },
  ref,
) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = `${selectId}-ayuda`;
  const errorId = `${selectId}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={selectId} className="font-semibold">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
        className={controlClass(error)}
        {...selectProps}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown under the box on the right, e.g. "120 / 3500". */
  counter?: ReactNode;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, counter, id, className = '', ...areaProps },
  ref,
) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const hintId = `${areaId}-ayuda`;
  const errorId = `${areaId}-error`;
  const counterId = `${areaId}-contador`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={areaId} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      <textarea
        ref={ref}
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, counter !== undefined ? counterId : null, error ? errorId : null)}
        className={`${controlClass(error)} min-h-40 resize-y`}
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
    </div>
  );
});
