import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const control = (error?: string) =>
  `min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base ${error ? 'border-red-700' : 'border-gray-500'} focus:border-primary`;

function Described({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-ayuda`} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, hint?: ReactNode, error?: string) => [hint ? `${id}-ayuda` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled select, like TextField: hint and error tied by aria-describedby, the error announced. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, hint, id, className = '', children, ...props }, ref) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={selectId} className="font-semibold">
        {label}
      </label>
      <select ref={ref} id={selectId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(selectId, hint, error)} className={control(error)} {...props}>
        {children}
      </select>
      <Described id={selectId} hint={hint} error={error} />
    </div>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, error, hint, id, className = '', rows = 4, ...props }, ref) {
  const auto = useId();
  const areaId = id ?? auto;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={areaId} className="font-semibold">
        {label}
      </label>
      <textarea ref={ref} id={areaId} rows={rows} aria-invalid={error ? true : undefined} aria-describedby={describedBy(areaId, hint, error)} className={control(error)} {...props} />
      <Described id={areaId} hint={hint} error={error} />
    </div>
  );
});
