import {
  displayDateFromParts,
  isoDayFromParts,
  parseDisplayDate,
  parseIsoDay,
} from '@canal/shared';
import { TextField } from '../../../components/form/TextField';

/**
 * A day typed as dd-mm-aaaa, the one date format of the back office, whatever the browser's
 * language (an `<input type="date">` shows mm/dd/yyyy in an English browser). The form reads it
 * back with `readDay`.
 */
export function DayField({
  label,
  name,
  defaultValue,
  error,
}: {
  label: string;
  name: string;
  /** yyyy-mm-dd */
  defaultValue?: string;
  error?: string;
}) {
  const parts = defaultValue ? parseIsoDay(defaultValue) : null;
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd-mm-aaaa"
      hint="Formato dd-mm-aaaa"
      maxLength={10}
      defaultValue={parts ? displayDateFromParts(parts) : ''}
      error={error}
      className="w-40"
    />
  );
}

/** What a day that is not dd-mm-aaaa gets. */
export const DAY_FORMAT_MESSAGE = 'Escriba la fecha como dd-mm-aaaa.';

/** The day a DayField holds: yyyy-mm-dd, '' when empty, or the Spanish message when it is not a day. */
export function readDay(form: FormData, name: string): { day: string } | { error: string } {
  const text = String(form.get(name) ?? '').trim();
  if (!text) return { day: '' };
  const parts = parseDisplayDate(text);
  return parts ? { day: isoDayFromParts(parts) } : { error: DAY_FORMAT_MESSAGE };
}
