/**
 * Chilean civil-date arithmetic for legal deadlines.
 *
 * Everything here works on civil dates ('yyyy-mm-dd', no time of day, no time zone). An instant
 * (a `Date`) becomes a civil date only through `civilDateInZone`, by default in America/Santiago,
 * so "received at 23:30 in Santiago" is that Santiago day even though it is already tomorrow in UTC.
 *
 * Working days exclude Saturdays, Sundays and Chilean national public holidays. The holidays come
 * from `date-holidays` (`new Holidays('CL')`, type 'public' only, no region), corrected by the
 * overrides in the deadline table (`rules.ts`), which is where lawyers fix the calendar if the
 * library is wrong or a one-off holiday is declared by a special law.
 */
import Holidays from 'date-holidays';
import { CHILE_TIME_ZONE, partsFromDate } from '@canal/shared';
import { DEADLINE_TABLE } from './rules.js';

/** A civil date, always 'yyyy-mm-dd' (zero padded, so string order is date order). */
export type CivilDate = `${number}-${number}-${number}`;

/** The Chile time zone is the shared one (packages/shared/src/constants.ts). */
export { CHILE_TIME_ZONE };

const CIVIL_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

interface Parts {
  year: number;
  month: number; // 1-12
  day: number;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function fromParts({ year, month, day }: Parts): CivilDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` as CivilDate;
}

function toParts(date: CivilDate): Parts {
  const m = CIVIL_DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a civil date (yyyy-mm-dd): ${String(date)}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** Days since 1970-01-01 for a civil date (proleptic Gregorian, via UTC so no DST effects). */
function toEpochDay(date: CivilDate): number {
  const { year, month, day } = toParts(date);
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

function fromEpochDay(epochDay: number): CivilDate {
  const d = new Date(epochDay * MS_PER_DAY);
  return fromParts({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True when `value` is a real calendar date written 'yyyy-mm-dd'. */
export function isCivilDate(value: string): value is CivilDate {
  const m = CIVIL_DATE_RE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Validates a 'yyyy-mm-dd' string (e.g. from the database or a query string). */
export function parseCivilDate(value: string): CivilDate {
  if (!isCivilDate(value)) throw new RangeError(`Not a valid civil date (yyyy-mm-dd): ${value}`);
  return value;
}

/**
 * The civil date an instant falls on in `timeZone` (default America/Santiago): the shared date
 * module reads the zone, so the portal's "today in Chile" and the deadlines' agree.
 */
export function civilDateInZone(instant: Date, timeZone: string = CHILE_TIME_ZONE): CivilDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid Date');
  return fromParts(partsFromDate(instant, { timeZone }));
}

/** The hour (0–23) in Santiago at `now`: when the daily jobs may run. */
export const hourInSantiago = (now: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: CHILE_TIME_ZONE,
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(now),
  );

/** -1, 0 or 1, for sorting. */
export function compareCivilDates(a: CivilDate, b: CivilDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CivilDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

export function isWeekend(date: CivilDate): boolean {
  const dow = dayOfWeek(date);
  return dow === 0 || dow === 6;
}

const library = new Holidays('CL');
const holidayCache = new Map<number, ReadonlyMap<CivilDate, string>>();

/**
 * Chilean national public holidays of `year`, date → name: what `date-holidays` calls 'public' for
 * 'CL' (no region; 'bank' days such as 31 December are not included), plus the table's `add`
 * overrides, minus its `remove` overrides.
 */
export function chileanPublicHolidays(year: number): ReadonlyMap<CivilDate, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const result = new Map<CivilDate, string>();
  for (const h of library.getHolidays(year, 'es')) {
    if (h.type !== 'public') continue;
    // `h.date` is the local civil date, 'yyyy-mm-dd 00:00:00' (possibly with a ' -hh:mm' suffix).
    result.set(parseCivilDate(h.date.slice(0, 10)), h.name);
  }
  const { add, remove } = DEADLINE_TABLE.holidayOverrides;
  for (const [date, name] of Object.entries(add)) {
    if (parseCivilDate(date).startsWith(`${pad(year, 4)}-`)) result.set(date as CivilDate, name);
  }
  for (const date of remove) {
    result.delete(parseCivilDate(date));
  }
  const sorted = new Map([...result].sort(([a], [b]) => compareCivilDates(a, b)));
  holidayCache.set(year, sorted);
  return sorted;
}

export function isPublicHoliday(date: CivilDate): boolean {
  return chileanPublicHolidays(toParts(date).year).has(date);
}

/** Monday to Friday and not a Chilean national public holiday. */
export function isWorkingDay(date: CivilDate): boolean {
  return !isWeekend(date) && !isPublicHoliday(date);
}

/** `date` plus `n` calendar days (n may be negative). */
export function addCalendarDays(date: CivilDate, n: number): CivilDate {
  if (!Number.isInteger(n)) throw new RangeError(`Day count must be an integer: ${n}`);
  return fromEpochDay(toEpochDay(date) + n);
}

/**
 * Whether the day `epochDay` days after 1970-01-01 is a working day: `isWorkingDay`, remembered
 * (the answer depends only on the day; the deadlines walk the same weeks for every complaint).
 */
const workingDays = new Map<number, boolean>();
function isWorkingEpochDay(epochDay: number): boolean {
  let working = workingDays.get(epochDay);
  if (working === undefined) {
    if (workingDays.size >= 20_000) workingDays.clear();
    working = isWorkingDay(fromEpochDay(epochDay));
    workingDays.set(epochDay, working);
  }
  return working;
}

/**
 * The n-th working day AFTER `start` (the start day itself never counts, whatever it is).
 * n = 0 returns `start` unchanged; a negative n counts backwards (the n-th working day before).
 */
export function addWorkingDays(start: CivilDate, n: number): CivilDate {
  if (!Number.isInteger(n)) throw new RangeError(`Day count must be an integer: ${n}`);
  if (n === 0) return start;
  const step = n < 0 ? -1 : 1;
  let remaining = Math.abs(n);
  let day = toEpochDay(start);
  while (remaining > 0) {
    day += step;
    if (isWorkingEpochDay(day)) remaining--;
  }
  return fromEpochDay(day);
}

/**
 * Same day `n` months later; when the target month is shorter the result is clamped to its last
 * day (2026-01-31 + 1 month = 2026-02-28; + 3 months = 2026-04-30).
 */
export function addMonths(date: CivilDate, n: number): CivilDate {
  if (!Number.isInteger(n)) throw new RangeError(`Month count must be an integer: ${n}`);
  const { year, month, day } = toParts(date);
  const index = year * 12 + (month - 1) + n;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return fromParts({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Calendar days from a to b (b − a); negative when b is before a. */
export function calendarDaysBetween(a: CivilDate, b: CivilDate): number {
  return toEpochDay(b) - toEpochDay(a);
}

/**
 * Working days in the interval (a, b]: a itself does not count, b does. So
 * `workingDaysBetween(a, addWorkingDays(a, n)) === n`. Negative when b is before a
 * (minus the working days in (b, a]); 0 when equal.
 */
export function workingDaysBetween(a: CivilDate, b: CivilDate): number {
  if (a === b) return 0;
  if (b < a) return -workingDaysBetween(b, a);
  let count = 0;
  for (let day = addCalendarDays(a, 1); day <= b; day = addCalendarDays(day, 1)) {
    if (isWorkingDay(day)) count++;
  }
  return count;
}
