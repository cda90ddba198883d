import { lazy, Suspense } from 'react';
import { formatDisplayDate } from '@canal/shared';
import {
  controlClass,
  describedBy,
  FieldMessages,
  useFieldIds,
} from '../../components/form/field-parts';

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

const inputClass = (error?: string) => `${controlClass(error)} cursor-pointer`;

/** Occurrence date: label, hint, lazy date picker, error. */
export function OccurrenceDateField({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
}: OccurrenceDateFieldProps) {
  const { controlId: id, hintId, errorId } = useFieldIds();
  const described = describedBy(hintId, error ? errorId : null);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <Suspense
        fallback={
          <input
            id={id}
            readOnly
            disabled
            value={value ? formatDisplayDate(value) : ''}
            placeholder="dd-mm-aaaa"
            className={inputClass(error)}
          />
        }
      >
        <OccurrenceDatePicker
          id={id}
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          invalid={Boolean(error)}
          describedBy={described}
          className={inputClass(error)}
        />
      </Suspense>
      <FieldMessages
        hintId={hintId}
        hint="Seleccione en el calendario una fecha entre el 01-01-2023 y hoy."
        errorId={errorId}
        error={error}
      />
    </div>
  );
}
