import {
  displayDateFromParts,
  formatDisplayDateTime,
  isoDayFromParts,
  parseIsoDay,
  todayInChile,
} from '@canal/shared';

// The staff API speaks ISO calendar dates (yyyy-mm-dd); these read them with the shared date
// helpers, so the back office shows dates and times exactly as the portal does.

/** yyyy-mm-dd → dd-mm-yyyy (how dates read in Chile). */
export function civilDate(value: string | null | undefined): string {
  if (!value) return '—';
  const parts = parseIsoDay(value);
  return parts ? displayDateFromParts(parts) : value;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An ISO instant as a Santiago date and time, 'dd-mm-yyyy / hh:mm:ss' (the portal's format); a
 * day alone (yyyy-mm-dd: what the API tells of an anonymous complainant's acts) as 'dd-mm-yyyy'.
 */
export const dateTime = (iso: string): string =>
  DAY_ONLY.test(iso) ? civilDate(iso) : formatDisplayDateTime(iso) || iso;

/** The Santiago day of an ISO instant, or the day itself when the API gives only the day. */
export const dayInChile = (iso: string): string =>
  DAY_ONLY.test(iso) ? iso : isoTodayInChile(new Date(iso));

/** Today in Santiago, yyyy-mm-dd. */
export function isoTodayInChile(now = new Date()): string {
  return isoDayFromParts(todayInChile(now));
}

/** A count with its thousands apart, as Spanish writes them: 48 000 (a no-break space). */
export const count = (n: number): string =>
  String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
