import { lazy, Suspense, useId } from 'react';
import { formatDisplayDate } from '@canal/shared';

// The picker and its CSS load with the form, not with the first page (DESIGN §7).
const OccurrenceDatePicker = lazy(() => import('./OccurrenceDatePicker'));

export interface OccurrenceDateFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (apiDate: string) => void;
  onBlur: () => void;
  error?: string;
}

const inputClass = (error?: string) =>
  `min-h-11 w-full cursor-pointer rounded-md border bg-white px-3 py-2 text-base ${error ? 'border-red-700' : 'border-gray-500'} focus:border-primary`;

/** Occurrence date: label, hint, lazy date picker, error. */
export function OccurrenceDateField({ label, name, value, onChange, onBlur, error }: OccurrenceDateFieldProps) {
  const id = useId();
  const hintId = `${id}-ayuda`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <Suspense
        fallback={
          <input id={id} readOnly disabled value={value ? formatDisplayDate(value) : ''} placeholder="dd-mm-aaaa" className={inputClass(error)} />
        }
      >
        <OccurrenceDatePicker
          id={id}
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          invalid={Boolean(error)}
          describedBy={describedBy}
          className={inputClass(error)}
        />
      </Suspense>
      <p id={hintId} className="text-sm text-gray-700">
        Seleccione en el calendario una fecha entre el 01-01-2023 y hoy.
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
