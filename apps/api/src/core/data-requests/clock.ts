import type { Config } from '../../config';
import {
  addCalendarDays,
  calendarDaysBetween,
  civilDateInZone,
  type CivilDate,
} from '../deadlines';

/** Days before the end of the period (today included) when an open request shows as due soon. */
export const DATA_REQUEST_SOON_DAYS = 5;

export type DataRequestClock = 'en_plazo' | 'por_vencer' | 'vencida' | 'respondida';

type Periods = Pick<Config, 'DATA_REQUEST_ANSWER_DAYS' | 'DATA_REQUEST_EXTENSION_DAYS'>;

/**
 * The legal answer period of a data-protection request (Law 21.719): calendar days from the day it
 * arrived (DATA_REQUEST_ANSWER_DAYS, 30 by default); its last day is the due day.
 */
export const dueOn = (config: Periods, receivedOn: string): string =>
  addCalendarDays(receivedOn as CivilDate, config.DATA_REQUEST_ANSWER_DAYS);

/** The one extension the law allows adds DATA_REQUEST_EXTENSION_DAYS to the due day. */
export const extendedDueOn = (config: Periods, due: string): string =>
  addCalendarDays(due as CivilDate, config.DATA_REQUEST_EXTENSION_DAYS);

/** Today in Chile (yyyy-mm-dd). */
export const todayInChile = (now = new Date()): string => civilDateInZone(now);

/** Where a request stands: answered, past its due day, within the last days, or in time. */
export function clockOf(
  r: { due_on: string; answered_at: Date | null },
  today: string,
): DataRequestClock {
  if (r.answered_at !== null) return 'respondida';
  const left = calendarDaysBetween(today as CivilDate, r.due_on as CivilDate);
  if (left < 0) return 'vencida';
  return left < DATA_REQUEST_SOON_DAYS ? 'por_vencer' : 'en_plazo';
}
