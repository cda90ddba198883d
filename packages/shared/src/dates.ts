// Dates (SPEC §3 "Date formats"): API dd/mm/yyyy, display dd-mm-yyyy, with time dd-mm-yyyy / hh:mm:ss.
// A calendar date is a DateParts. "Today" is the day in Chile (America/Santiago).
import { CHILE_TIME_ZONE, MIN_OCCURRENCE_DATE } from './constants';

export interface DateParts {
  day: number;
  month: number;
  year: number;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function daysInMonth(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True when the parts name a real day (31/02 or 29/02 of a common year are not). */
export function isValidDateParts({ day, month, year }: DateParts): boolean {
  return (
    Number.isInteger(day) &&
    Number.isInteger(month) &&
    Number.isInteger(year) &&
    year >= 1000 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(month, year)
  );
}

function parseWith(text: string, separator: '/' | '-'): DateParts | null {
  const match = new RegExp(`^(\\d{2})\\${separator}(\\d{2})\\${separator}(\\d{4})$`).exec(
    text.trim(),
  );
  if (!match) return null;
  const parts = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  return isValidDateParts(parts) ? parts : null;
}

/** 'dd/mm/yyyy' → parts, or null when the text is not a real date in that format. */
export function parseApiDate(text: string): DateParts | null {
  return parseWith(text, '/');
}

/** 'dd-mm-yyyy' → parts, or null. */
export function parseDisplayDate(text: string): DateParts | null {
  return parseWith(text, '-');
}

/**
 * 'yyyy-mm-dd' (an ISO calendar day, as the staff API and the database give days; a longer ISO
 * string is read by its first ten characters) → parts, or null.
 */
export function parseIsoDay(text: string): DateParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidDateParts(parts) ? parts : null;
}

/** Parts → 'yyyy-mm-dd'. */
export function isoDayFromParts({ day, month, year }: DateParts): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function apiDateFromParts({ day, month, year }: DateParts): string {
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

export function displayDateFromParts({ day, month, year }: DateParts): string {
  return `${pad(day)}-${pad(month)}-${pad(year, 4)}`;
}

/** 'dd/mm/yyyy' → 'dd-mm-yyyy'; null when the text is not a valid API date. */
export function apiToDisplayDate(apiDate: string): string | null {
  const parts = parseApiDate(apiDate);
  return parts ? displayDateFromParts(parts) : null;
}

/** 'dd-mm-yyyy' → 'dd/mm/yyyy'; null when the text is not a valid display date. */
export function displayToApiDate(displayDate: string): string | null {
  const parts = parseDisplayDate(displayDate);
  return parts ? apiDateFromParts(parts) : null;
}

interface ZonedParts extends DateParts {
  hour: number;
  minute: number;
  second: number;
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter of `timeZone`, made once: making it loads the zone's rules, tens of milliseconds
 * on a phone. A page that will show times can have it made while it waits for them
 * (`prepareZonedFormatter`), not while it renders them.
 */
function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zonedFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    zonedFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function prepareZonedFormatter(timeZone: string = CHILE_TIME_ZONE): void {
  zonedFormatter(timeZone);
}

function zonedParts(date: Date, timeZone: string): ZonedParts {
  const formatter = zonedFormatter(timeZone);
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? NaN,
    month: values.month ?? NaN,
    day: values.day ?? NaN,
    hour: (values.hour ?? NaN) % 24,
    minute: values.minute ?? NaN,
    second: values.second ?? NaN,
  };
}

/** Options of the Date formatters: without a time zone, a Date is read on its local calendar. */
export interface DateFormatOptions {
  timeZone?: string;
}

/**
 * Calendar day of a Date. Without `timeZone` it is the Date's local day, which is what a date
 * picker means (local midnight of the chosen day). With `timeZone` the instant is read in that zone.
 */
export function partsFromDate(date: Date, options: DateFormatOptions = {}): DateParts {
  if (options.timeZone) {
    const { day, month, year } = zonedParts(date, options.timeZone);
    return { day, month, year };
  }
  return { day: date.getDate(), month: date.getMonth() + 1, year: date.getFullYear() };
}

/** Local midnight of a calendar day: the value a date picker expects. */
export function localDateFromParts({ day, month, year }: DateParts): Date {
  const date = new Date(year, month - 1, day);
  date.setFullYear(year); // years below 100 are not shifted to 19xx
  return date;
}

/** Date → 'dd/mm/yyyy' (local calendar day unless a time zone is given). */
export function formatApiDate(date: Date, options?: DateFormatOptions): string {
  return apiDateFromParts(partsFromDate(date, options));
}

/**
 * → 'dd-mm-yyyy'. Accepts a Date (local calendar day unless a time zone is given), an API date
 * 'dd/mm/yyyy' or calendar parts. An invalid string is returned unchanged.
 */
export function formatDisplayDate(
  date: Date | DateParts | string,
  options?: DateFormatOptions,
): string {
  if (typeof date === 'string') return apiToDisplayDate(date) ?? date;
  if (date instanceof Date) return displayDateFromParts(partsFromDate(date, options));
  return displayDateFromParts(date);
}

/**
 * Instant → 'dd-mm-yyyy / hh:mm:ss' (24 h) in America/Santiago unless another zone is given.
 * Accepts a Date or an ISO 8601 string; an unreadable value gives ''. `spreadsheet: true` gives
 * 'dd-mm-yyyy hh:mm', which a spreadsheet with a Spanish locale reads as a date and time.
 */
export function formatDisplayDateTime(
  date: Date | string,
  {
    timeZone = CHILE_TIME_ZONE,
    spreadsheet = false,
  }: DateFormatOptions & { spreadsheet?: boolean } = {},
): string {
  const instant = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(instant.getTime())) return '';
  const p = zonedParts(instant, timeZone);
  return spreadsheet
    ? `${displayDateFromParts(p)} ${pad(p.hour)}:${pad(p.minute)}`
    : `${displayDateFromParts(p)} / ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Today's calendar day in Chile. */
export function todayInChile(now: Date = new Date()): DateParts {
  return partsFromDate(now, { timeZone: CHILE_TIME_ZONE });
}

/** Negative, zero or positive as a is before, equal to or after b. */
export function compareDateParts(a: DateParts, b: DateParts): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Earliest occurrence date as parts (01/01/2023). */
export const MIN_OCCURRENCE_DATE_PARTS: DateParts = parseApiDate(MIN_OCCURRENCE_DATE) ?? {
  day: 1,
  month: 1,
  year: 2023,
};

/** True when apiDate is a valid 'dd/mm/yyyy' between 01/01/2023 and today (inclusive). */
export function isOccurrenceDateInRange(
  apiDate: string,
  today: DateParts = todayInChile(),
): boolean {
  const parts = parseApiDate(apiDate);
  if (!parts) return false;
  return (
    compareDateParts(parts, MIN_OCCURRENCE_DATE_PARTS) >= 0 && compareDateParts(parts, today) <= 0
  );
}
