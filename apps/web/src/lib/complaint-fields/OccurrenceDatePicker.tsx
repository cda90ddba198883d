import {
  useRef,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import DatePicker, { type ReactDatePickerCustomHeaderProps } from 'react-datepicker';
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

/**
 * The open calendar, named in Spanish: the library's own container is a dialog named "Choose
 * Date" (issue 22). Its role and modality stay the library's.
 */
function CalendarDialog({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <div className={className} role="dialog" aria-modal="true" aria-label="Elegir fecha">
      {children}
    </div>
  );
}

const MIN_YEAR = MIN_OCCURRENCE_DATE_PARTS.year;
const MONTHS = Array.from({ length: 12 }, (_, month) =>
  es.localize.month(month as Parameters<typeof es.localize.month>[0], { width: 'wide' }),
);
const NAV = 'rounded px-2 py-1 text-lg leading-none disabled:opacity-30';
const SELECT = 'rounded border border-gray-400 bg-white px-1 py-0.5';

/**
 * The calendar's header, in Spanish and named for screen readers (the library's own selects
 * have no accessible name and its arrows say "Previous Month"): month and year selects labelled
 * "Mes" and "Año", and "Mes anterior" / "Mes siguiente" buttons (issue 12).
 */
function CalendarHeader({
  date,
  changeMonth,
  changeYear,
  decreaseMonth,
  increaseMonth,
  prevMonthButtonDisabled,
  nextMonthButtonDisabled,
}: ReactDatePickerCustomHeaderProps) {
  const lastYear = todayInChile().year;
  const years = Array.from({ length: lastYear - MIN_YEAR + 1 }, (_, i) => MIN_YEAR + i);
  const months = MONTHS.map((name, month) => ({ value: month, label: name }));
  return (
    <div className="flex items-center justify-between gap-1 px-2 pb-1">
      <NavButton label="Mes anterior" onClick={decreaseMonth} disabled={prevMonthButtonDisabled}>
        ‹
      </NavButton>
      <NamedSelect label="Mes" value={date.getMonth()} options={months} onChange={changeMonth} />
      <NamedSelect
        label="Año"
        value={date.getFullYear()}
        options={years.map((year) => ({ value: year, label: String(year) }))}
        onChange={changeYear}
      />
      <NavButton label="Mes siguiente" onClick={increaseMonth} disabled={nextMonthButtonDisabled}>
        ›
      </NavButton>
    </div>
  );
}

function NavButton(props: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: string;
}) {
  return (
    <button
      type="button"
      className={NAV}
      aria-label={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {props.children}
    </button>
  );
}

function NamedSelect(props: {
  label: string;
  value: number;
  options: { value: number; label: string }[];
  onChange: (value: number) => void;
}) {
  return (
    <select
      aria-label={props.label}
      className={SELECT}
      value={props.value}
      onChange={(e) => props.onChange(Number(e.target.value))}
    >
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
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
  const picker = useRef<DatePicker>(null);
  // preventOpenOnFocus also stops react-datepicker opening on a key: the input is read-only, so a
  // keyboard user could never choose a date (issue 12). Enter, Space or an arrow opens it; then an
  // arrow moves into the days and Enter picks one.
  const openOnKey = (event: KeyboardEvent<HTMLElement>) => {
    const calendar = picker.current;
    if (!calendar || calendar.isCalendarOpen()) return;
    if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
      event.preventDefault();
      calendar.setOpen(true);
    }
  };
  return (
    <DatePicker
      ref={picker}
      onKeyDown={openOnKey}
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
      renderCustomHeader={CalendarHeader}
      calendarContainer={CalendarDialog}
      chooseDayAriaLabelPrefix="Elegir el"
      disabledDayAriaLabelPrefix="No disponible:"
      monthAriaLabelPrefix="Mes"
      weekAriaLabelPrefix="Semana"
      // Tabbing through the form does not open the calendar over the next fields: a click,
      // Enter, Space or an arrow key does (openOnKey).
      preventOpenOnFocus
      popperPlacement="bottom-start"
    />
  );
}
