import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiDateFromParts,
  apiToDisplayDate,
  compareDateParts,
  displayToApiDate,
  formatApiDate,
  formatDisplayDate,
  formatDisplayDateTime,
  isOccurrenceDateInRange,
  localDateFromParts,
  parseApiDate,
  parseDisplayDate,
  partsFromDate,
  prepareZonedFormatter,
  todayInChile,
  type DateParts,
} from './dates';

function addDays(parts: DateParts, days: number): DateParts {
  const d = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return { day: d.getUTCDate(), month: d.getUTCMonth() + 1, year: d.getUTCFullYear() };
}

describe('parseApiDate', () => {
  it('reads dd/mm/yyyy', () => {
    expect(parseApiDate('05/03/2024')).toEqual({ day: 5, month: 3, year: 2024 });
    expect(parseApiDate(' 29/02/2024 ')).toEqual({ day: 29, month: 2, year: 2024 });
  });

  it.each([
    '31/02/2024',
    '29/02/2023',
    '00/01/2024',
    '32/01/2024',
    '01/13/2024',
    '1/1/2024',
    '01-01-2024',
    '2024/01/01',
    '',
  ])('refuses %s', (text) => {
    expect(parseApiDate(text)).toBeNull();
  });
});

describe('format conversions', () => {
  it('builds API and display strings from parts', () => {
    expect(apiDateFromParts({ day: 1, month: 2, year: 2023 })).toBe('01/02/2023');
  });

  it('converts display ↔ API', () => {
    expect(apiToDisplayDate('09/11/2024')).toBe('09-11-2024');
    expect(displayToApiDate('09-11-2024')).toBe('09/11/2024');
    expect(apiToDisplayDate('31/02/2024')).toBeNull();
    expect(displayToApiDate('09/11/2024')).toBeNull();
    expect(parseDisplayDate('29-02-2024')).toEqual({ day: 29, month: 2, year: 2024 });
  });

  it('formats a picker Date on its local calendar day', () => {
    const picked = new Date(2024, 1, 29);
    expect(formatApiDate(picked)).toBe('29/02/2024');
    expect(formatDisplayDate(picked)).toBe('29-02-2024');
    expect(partsFromDate(localDateFromParts({ day: 1, month: 1, year: 2023 }))).toEqual({
      day: 1,
      month: 1,
      year: 2023,
    });
  });

  it('formats an instant in a given time zone', () => {
    const instant = new Date('2024-03-01T02:00:00Z'); // 29 Feb, 23:00 in Santiago (UTC-3)
    expect(formatApiDate(instant, { timeZone: 'America/Santiago' })).toBe('29/02/2024');
    expect(formatDisplayDate(instant, { timeZone: 'UTC' })).toBe('01-03-2024');
  });

  it('formats API strings and parts for display', () => {
    expect(formatDisplayDate('01/01/2023')).toBe('01-01-2023');
    expect(formatDisplayDate({ day: 7, month: 8, year: 2025 })).toBe('07-08-2025');
    expect(formatDisplayDate('no es fecha')).toBe('no es fecha');
  });
});

describe('formatDisplayDateTime (America/Santiago, 24 h)', () => {
  it('uses summer time (UTC-3) in January', () => {
    expect(formatDisplayDateTime('2024-01-15T03:00:00Z')).toBe('15-01-2024 / 00:00:00');
  });

  it('uses winter time (UTC-4) in July', () => {
    expect(formatDisplayDateTime(new Date('2024-07-01T19:04:05Z'))).toBe('01-07-2024 / 15:04:05');
  });

  it('accepts another zone and returns "" for unreadable input', () => {
    expect(formatDisplayDateTime('2024-07-01T19:04:05Z', { timeZone: 'UTC' })).toBe(
      '01-07-2024 / 19:04:05',
    );
    expect(formatDisplayDateTime('ayer')).toBe('');
  });
});

describe('prepareZonedFormatter', () => {
  afterEach(() => vi.restoreAllMocks());

  it("makes a zone's formatter ahead: the times formatted then make none", () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as unknown as typeof Real);
    prepareZonedFormatter('America/Punta_Arenas');
    expect(made).toHaveBeenCalledTimes(1);
    const times = ['2024-01-15T03:00:00Z', '2024-07-01T19:04:05Z'].map((t) =>
      formatDisplayDateTime(t, { timeZone: 'America/Punta_Arenas' }),
    );
    expect(times).toEqual(['15-01-2024 / 00:00:00', '01-07-2024 / 16:04:05']);
    expect(made).toHaveBeenCalledTimes(1);
  });
});

describe('todayInChile', () => {
  it('is the calendar day in Santiago, not in UTC', () => {
    expect(todayInChile(new Date('2024-03-01T02:00:00Z'))).toEqual({
      day: 29,
      month: 2,
      year: 2024,
    });
    expect(todayInChile(new Date('2024-03-01T04:00:00Z'))).toEqual({
      day: 1,
      month: 3,
      year: 2024,
    });
  });
});

describe('isOccurrenceDateInRange (01/01/2023 .. today)', () => {
  const today = { day: 15, month: 6, year: 2025 };

  it('accepts the first allowed day and today', () => {
    expect(isOccurrenceDateInRange('01/01/2023', today)).toBe(true);
    expect(isOccurrenceDateInRange('15/06/2025', today)).toBe(true);
  });

  it('accepts 29/02/2024 and refuses 29/02/2023', () => {
    expect(isOccurrenceDateInRange('29/02/2024', today)).toBe(true);
    expect(isOccurrenceDateInRange('29/02/2023', today)).toBe(false);
  });

  it('refuses 31/12/2022 and tomorrow', () => {
    expect(isOccurrenceDateInRange('31/12/2022', today)).toBe(false);
    expect(isOccurrenceDateInRange('16/06/2025', today)).toBe(false);
  });

  it('uses the real day in Chile by default', () => {
    const now = todayInChile();
    expect(isOccurrenceDateInRange(apiDateFromParts(now))).toBe(true);
    expect(isOccurrenceDateInRange(apiDateFromParts(addDays(now, 1)))).toBe(false);
  });

  it('refuses text that is not a date', () => {
    expect(isOccurrenceDateInRange('31/02/2024', today)).toBe(false);
    expect(isOccurrenceDateInRange('', today)).toBe(false);
  });
});

describe('compareDateParts', () => {
  it('orders by year, month, day', () => {
    expect(
      compareDateParts({ day: 1, month: 2, year: 2024 }, { day: 31, month: 1, year: 2024 }),
    ).toBeGreaterThan(0);
    expect(
      compareDateParts({ day: 1, month: 1, year: 2024 }, { day: 1, month: 1, year: 2024 }),
    ).toBe(0);
  });
});
