import type { InputHTMLAttributes, Ref } from 'react';
import DatePicker from 'react-datepicker';
import { es } from 'date-fns/locale/es';
import 'react-datepicker/dist/react-datepicker.css';
import {
  MIN_OCCURRENCE_DATE_PARTS,
  formatApiDate,
  localDateFromParts,
  parseApiDate,
  todayInChile,
} from '@canal/shared';
import './date-picker.css';

export interface OccurrenceDatePickerProps {
  id: string;
  name: string;
  /** dd/mm/yyyy, or empty. */
  value: string;
  onChange: (apiDate: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy?: string;
  className: string;
}

/**
 * The date picker forwards `readOnly={false}` to its input; this input stays read-only so that the
 * date is only chosen on the calendar (SPEC §2 "read-only display"), which opens with a click,
 * Enter or the arrow keys.
 */
function ReadOnlyInput({
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} {...props} readOnly inputMode="none" />;
}

/** react-datepicker in Spanish, dd-MM-yyyy, 01-01-2023 to today (SPEC §5); its own chunk. */
export default function OccurrenceDatePicker({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  className,
}: OccurrenceDatePickerProps) {
  const parts = value ? parseApiDate(value) : null;
  return (
    <DatePicker
      id={id}
      name={name}
      locale={es}
      dateFormat="dd-MM-yyyy"
      placeholderText="dd-mm-aaaa"
      selected={parts ? localDateFromParts(parts) : null}
      minDate={localDateFromParts(MIN_OCCURRENCE_DATE_PARTS)}
      maxDate={localDateFromParts(todayInChile())}
      onChange={(date: Date | null) => onChange(date ? formatApiDate(date) : '')}
      onBlur={onBlur}
      onCalendarClose={onBlur}
      customInput={<ReadOnlyInput />}
      className={className}
      wrapperClassName="w-full"
      aria-invalid={invalid ? 'true' : undefined}
      aria-describedby={describedBy}
      autoComplete="off"
      showMonthDropdown
      showYearDropdown
      dropdownMode="select"
      popperPlacement="bottom-start"
    />
  );
}
