import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addMonths,
  addWorkingDays,
  calendarDaysBetween,
  chileanPublicHolidays,
  civilDateInZone,
  dayOfWeek,
  isCivilDate,
  isPublicHoliday,
  isWorkingDay,
  parseCivilDate,
  workingDaysBetween,
  type CivilDate,
} from './calendar.js';

/*
 * Chilean national public holidays as `date-holidays` 3.37 gives them ('CL', type 'public'),
 * with the weekday worked out by hand:
 *
 * 2025                                        2026
 * 01-01 mié Año Nuevo                         01-01 jue Año Nuevo
 * 04-18 vie Viernes Santo                     04-03 vie Viernes Santo
 * 04-20 dom Pascua                            04-05 dom Pascua
 * 05-01 jue Día del Trabajador                05-01 vie Día del Trabajador
 * 05-21 mié Día de las Glorias Navales        05-21 jue Día de las Glorias Navales
 * 06-20 vie Día de los Pueblos Indígenas      06-21 dom Día de los Pueblos Indígenas
 * 06-29 dom San Pedro y San Pablo             06-29 lun San Pedro y San Pablo
 * 07-16 mié Virgen del Carmen                 07-16 jue Virgen del Carmen
 * 08-15 vie Asunción                          08-15 sáb Asunción
 * 09-18 jue Fiestas Patrias                   09-18 vie Fiestas Patrias
 * 09-19 vie Día de las Glorias del Ejército   09-19 sáb Día de las Glorias del Ejército
 * 10-12 dom Encuentro de Dos Mundos           10-12 lun Encuentro de Dos Mundos
 * 10-31 vie Día Nacional de las Iglesias      10-31 sáb Día Nacional de las Iglesias
 *           Evangélicas y Protestantes                  Evangélicas y Protestantes
 * 11-01 sáb Todos los Santos                  11-01 dom Todos los Santos
 * 12-08 lun La inmaculada concepción          12-08 mar La inmaculada concepción
 * 12-25 jue Navidad                           12-25 vie Navidad
 *
 * Notes on what the library does (checked against the law where we could):
 * - 31 December ("Fin del Año") is typed 'bank', not 'public': it is a bank holiday only, so it
 *   stays a working day here. Correct for labour deadlines.
 * - Holy Saturday (Sábado Santo) is missing and Easter Sunday is listed: both fall on weekends,
 *   so working-day counts are unaffected. Election days are not listed either; by law they are
 *   held on Sundays.
 * - The "puente" days of Fiestas Patrias are rules, not fixed dates: 17 Sep when it is a Monday and
 *   20 Sep when it is a Friday (so 18–19 make a long weekend), and Friday 17 Sep when 18–19 fall
 *   on Saturday–Sunday (Law 20.983, which also adds 2 January when it is a Monday). In 2025 (18 = Thursday) and 2026 (18 = Friday) none
 *   applies, so 17 Sep 2025 (Wednesday) and 17 Sep 2026 (Thursday) are working days. It does
 *   apply in 2024 (Friday 20 Sep) and 2027 (Friday 17 Sep), which the library lists.
 * - Movable days follow Law 19.668 (San Pedro y San Pablo, Encuentro de Dos Mundos: Tue–Thu → the
 *   previous Monday, Friday → the next Monday; weekends stay), the Iglesias Evangélicas rule
 *   (Tuesday → previous Friday, Wednesday → next Friday) and Law 21.357 (Pueblos Indígenas on the
 *   southern winter solstice: 20 June 2025, 21 June 2026).
 */
describe('Chilean public holidays (date-holidays, CL, public only)', () => {
  it('gives exactly the 2025 and 2026 lists above', () => {
    expect([...chileanPublicHolidays(2025).keys()]).toEqual([
      '2025-01-01',
      '2025-04-18',
      '2025-04-20',
      '2025-05-01',
      '2025-05-21',
      '2025-06-20',
      '2025-06-29',
      '2025-07-16',
      '2025-08-15',
      '2025-09-18',
      '2025-09-19',
      '2025-10-12',
      '2025-10-31',
      '2025-11-01',
      '2025-12-08',
      '2025-12-25',
    ]);
    expect([...chileanPublicHolidays(2026).keys()]).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-05',
      '2026-05-01',
      '2026-05-21',
      '2026-06-21',
      '2026-06-29',
      '2026-07-16',
      '2026-08-15',
      '2026-09-18',
      '2026-09-19',
      '2026-10-12',
      '2026-10-31',
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
    ]);
  });

  it.each<[CivilDate, string]>([
    ['2025-01-01', 'Año Nuevo'],
    ['2025-04-18', 'Viernes Santo'],
    ['2025-05-01', 'Día del Trabajador'],
    ['2025-05-21', 'Día de las Glorias Navales'],
    ['2025-09-18', 'Fiestas Patrias'],
    ['2025-09-19', 'Día de las Glorias del Ejército'],
    ['2025-12-25', 'Navidad'],
    ['2026-01-01', 'Año Nuevo'],
    ['2026-04-03', 'Viernes Santo'],
    ['2026-05-01', 'Día del Trabajador'],
    ['2026-05-21', 'Día de las Glorias Navales'],
    ['2026-09-18', 'Fiestas Patrias'],
    ['2026-09-19', 'Día de las Glorias del Ejército'],
    ['2026-12-25', 'Navidad'],
  ])('%s is %s', (date, name) => {
    expect(isPublicHoliday(date)).toBe(true);
    expect(chileanPublicHolidays(Number(date.slice(0, 4))).get(date)).toBe(name);
  });

  it('includes the movable holidays on the right day', () => {
    // Pueblos Indígenas: solstice, Fri 20 Jun 2025 and Sun 21 Jun 2026.
    expect(isPublicHoliday('2025-06-20')).toBe(true);
    expect(isPublicHoliday('2026-06-21')).toBe(true);
    // San Pedro y San Pablo: 29 Jun 2025 is a Sunday and stays; 2026 a Monday; in 2027 the 29th is
    // a Tuesday, so it moves to Monday 28 Jun.
    expect(isPublicHoliday('2025-06-29')).toBe(true);
    expect(isPublicHoliday('2026-06-29')).toBe(true);
    expect(isPublicHoliday('2027-06-28')).toBe(true);
    expect(isPublicHoliday('2027-06-29')).toBe(false);
    // Iglesias Evangélicas: Fri 31 Oct 2025 stays.
    expect(isPublicHoliday('2025-10-31')).toBe(true);
    // Encuentro de Dos Mundos: Mon 12 Oct 2026; in 2027 the 12th is a Tuesday → Monday 11.
    expect(isPublicHoliday('2026-10-12')).toBe(true);
    expect(isPublicHoliday('2027-10-11')).toBe(true);
  });

  it('applies the Fiestas Patrias "puente" rules only when they apply', () => {
    expect(isPublicHoliday('2025-09-17')).toBe(false); // Wednesday; 18 is a Thursday
    expect(isPublicHoliday('2026-09-17')).toBe(false); // Thursday; 18 is a Friday
    expect(isPublicHoliday('2024-09-20')).toBe(true); // Friday after Thu 19
    expect(isPublicHoliday('2027-09-17')).toBe(true); // Friday before Sat 18/Sun 19 (Law 20.983)
  });

  it('does not treat bank-only or regional days as national public holidays', () => {
    expect(isPublicHoliday('2025-12-31')).toBe(false); // 'bank' in the library
    expect(isWorkingDay('2025-12-31')).toBe(true); // Wednesday
    expect(isPublicHoliday('2026-01-02')).toBe(false); // Friday: Law 20.983 adds 2 Jan only on Mondays
    expect(isPublicHoliday('2023-01-02')).toBe(true); // …as on Monday 2 Jan 2023
    expect(isPublicHoliday('2025-06-07')).toBe(false); // Arica only (regional)
    expect(isPublicHoliday('2025-08-20')).toBe(false); // Chillán / Ñuble only (regional)
  });
});

describe('civil dates', () => {
  it('validates yyyy-mm-dd', () => {
    expect(isCivilDate('2026-02-28')).toBe(true);
    expect(isCivilDate('2026-02-29')).toBe(false);
    expect(isCivilDate('2028-02-29')).toBe(true);
    expect(isCivilDate('2026-2-1')).toBe(false);
    expect(() => parseCivilDate('2026-13-01')).toThrow(RangeError);
  });

  it('knows the weekday', () => {
    expect(dayOfWeek('2025-09-12')).toBe(5); // Friday
    expect(dayOfWeek('2025-09-13')).toBe(6); // Saturday
    expect(dayOfWeek('2025-12-22')).toBe(1); // Monday
    expect(dayOfWeek('2026-08-27')).toBe(4); // Thursday
  });

  it('converts an instant to the civil date in Santiago, not UTC', () => {
    // Winter (UTC−4): 02:30 UTC on the 28th is 22:30 on the 27th in Santiago.
    expect(civilDateInZone(new Date('2026-08-28T02:30:00Z'))).toBe('2026-08-27');
    expect(civilDateInZone(new Date('2026-08-28T04:00:00Z'))).toBe('2026-08-28');
    // Summer (UTC−3): 02:59 UTC is 23:59 the previous day; 03:00 UTC is midnight.
    expect(civilDateInZone(new Date('2026-01-01T02:59:00Z'))).toBe('2025-12-31');
    expect(civilDateInZone(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
    expect(civilDateInZone(new Date('2026-01-01T02:59:00Z'), 'UTC')).toBe('2026-01-01');
    expect(() => civilDateInZone(new Date('nope'))).toThrow(RangeError);
  });
});

describe('isWorkingDay', () => {
  it.each<[CivilDate, boolean]>([
    ['2025-09-12', true], // Friday
    ['2025-09-13', false], // Saturday
    ['2025-09-14', false], // Sunday
    ['2025-09-17', true], // Wednesday before Fiestas Patrias: not a holiday in 2025
    ['2025-09-18', false], // Thursday, holiday
    ['2025-09-19', false], // Friday, holiday
    ['2025-12-25', false], // Thursday, Navidad
    ['2026-01-02', true], // Friday after Año Nuevo
  ])('%s → %s', (date, expected) => {
    expect(isWorkingDay(date)).toBe(expected);
  });
});

describe('addWorkingDays (the day of receipt does not count)', () => {
  it('received Fri 2025-09-12, +3 → Wed 2025-09-17', () => {
    // Sat 13 ✗, Sun 14 ✗, Mon 15 = 1, Tue 16 = 2, Wed 17 = 3.
    // 17 Sep 2025 is an ordinary Wednesday: the "puente" rules (17 on a Monday, 20 on a Friday, or
    // Friday 17 with 18–19 on the weekend) do not apply when 18 is a Thursday.
    expect(addWorkingDays('2025-09-12', 3)).toBe('2025-09-17');
  });

  it('received Fri 2025-09-12, +5 crosses 18–19 Sep and the weekend → Tue 2025-09-23', () => {
    // Mon 15 = 1, Tue 16 = 2, Wed 17 = 3, Thu 18 ✗ (Fiestas Patrias), Fri 19 ✗ (Glorias del
    // Ejército), Sat 20 ✗, Sun 21 ✗, Mon 22 = 4, Tue 23 = 5.
    expect(addWorkingDays('2025-09-12', 5)).toBe('2025-09-23');
  });

  it('received Wed 2025-09-17, +3 → Wed 2025-09-24', () => {
    // Thu 18 ✗, Fri 19 ✗, Sat 20 ✗, Sun 21 ✗, Mon 22 = 1, Tue 23 = 2, Wed 24 = 3.
    expect(addWorkingDays('2025-09-17', 3)).toBe('2025-09-24');
  });

  it('received on a weekend or a holiday: counting starts the next working day', () => {
    expect(addWorkingDays('2025-09-13', 1)).toBe('2025-09-15'); // Sat → Mon
    expect(addWorkingDays('2025-09-18', 1)).toBe('2025-09-22'); // Thu (holiday) → Mon
  });

  it('received Mon 2025-12-22, +3 crosses Christmas → Fri 2025-12-26', () => {
    // Tue 23 = 1, Wed 24 = 2, Thu 25 ✗ (Navidad), Fri 26 = 3.
    expect(addWorkingDays('2025-12-22', 3)).toBe('2025-12-26');
  });

  it('received Mon 2025-12-22, +30 crosses Christmas and New Year → Wed 2026-02-04', () => {
    // Dec: Tue 23 = 1, Wed 24 = 2, Thu 25 ✗, Fri 26 = 3, Sat 27 ✗, Sun 28 ✗, Mon 29 = 4,
    //      Tue 30 = 5, Wed 31 = 6 (bank holiday only: a working day).
    // Jan: Thu 1 ✗ (Año Nuevo), Fri 2 = 7 (2 Jan is a holiday only when Monday), Mon 5–Fri 9 = 8–12,
    //      Mon 12–Fri 16 = 13–17, Mon 19–Fri 23 = 18–22, Mon 26–Fri 30 = 23–27.
    // Feb: Mon 2 = 28, Tue 3 = 29, Wed 4 = 30.
    expect(addWorkingDays('2025-12-22', 30)).toBe('2026-02-04');
  });

  it('received Thu 2026-08-27, +30 crosses Fiestas Patrias 2026 → Fri 2026-10-09', () => {
    // Aug: Fri 28 = 1, Mon 31 = 2.
    // Sep: Tue 1–Fri 4 = 3–6, Mon 7–Fri 11 = 7–11, Mon 14 = 12, Tue 15 = 13, Wed 16 = 14,
    //      Thu 17 = 15 (not a holiday in 2026), Fri 18 ✗ (Fiestas Patrias), Sat 19 ✗ (also a
    //      holiday), Sun 20 ✗, Mon 21–Fri 25 = 16–20, Mon 28–Wed 30 = 21–23.
    // Oct: Thu 1 = 24, Fri 2 = 25, Mon 5–Fri 9 = 26–30.
    expect(addWorkingDays('2026-08-27', 30)).toBe('2026-10-09');
  });

  it('n = 0 is the start day; negative n counts backwards', () => {
    expect(addWorkingDays('2025-09-13', 0)).toBe('2025-09-13');
    expect(addWorkingDays('2025-09-22', -1)).toBe('2025-09-17'); // skips Sun, Sat, Fri 19, Thu 18
    expect(() => addWorkingDays('2025-09-22', 1.5)).toThrow(RangeError);
  });
});

describe('workingDaysBetween (working days in (a, b])', () => {
  it('matches the hand-worked calendars', () => {
    expect(workingDaysBetween('2025-09-12', '2025-09-17')).toBe(3);
    expect(workingDaysBetween('2025-09-17', '2025-09-24')).toBe(3);
    expect(workingDaysBetween('2025-12-22', '2026-02-04')).toBe(30);
    expect(workingDaysBetween('2026-08-27', '2026-10-09')).toBe(30);
    // 18, 19 (holidays), 20, 21 (weekend): nothing to count.
    expect(workingDaysBetween('2025-09-17', '2025-09-21')).toBe(0);
  });

  it('is 0 for the same day and negative backwards', () => {
    expect(workingDaysBetween('2025-09-17', '2025-09-17')).toBe(0);
    expect(workingDaysBetween('2025-09-17', '2025-09-12')).toBe(-3);
  });

  it('inverts addWorkingDays over two years of start days', () => {
    for (
      let start: CivilDate = '2025-01-01';
      start < '2027-01-01';
      start = addCalendarDays(start, 1)
    ) {
      for (const n of [1, 2, 3, 30]) {
        expect(workingDaysBetween(start, addWorkingDays(start, n))).toBe(n);
      }
    }
  });
});

describe('addCalendarDays', () => {
  it('counts every day, holidays and weekends included', () => {
    // 7 days from Mon 22 Dec 2025: 23, 24, 25, 26, 27, 28, 29 → Mon 29 Dec.
    expect(addCalendarDays('2025-12-22', 7)).toBe('2025-12-29');
    // 15 days from Wed 25 Nov 2026: 30 days in November, 25 + 15 = 40 → 10 Dec.
    expect(addCalendarDays('2026-11-25', 15)).toBe('2026-12-10');
    expect(addCalendarDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(calendarDaysBetween('2025-12-22', '2025-12-29')).toBe(7);
  });
});

describe('addMonths', () => {
  it('keeps the day or clamps to the end of the month', () => {
    expect(addMonths('2026-01-31', 3)).toBe('2026-04-30'); // April has 30 days
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29'); // leap year
    expect(addMonths('2025-12-29', 3)).toBe('2026-03-29'); // across the year
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});
