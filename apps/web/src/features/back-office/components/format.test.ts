import { describe, expect, it } from 'vitest';
import { dateTime, dayInChile } from './format';

describe('dates of an anonymous complaint (the API gives only the day)', () => {
  it('shows a day alone as dd-mm-yyyy, with no invented time', () => {
    expect(dateTime('2026-03-02')).toBe('02-03-2026');
    expect(dateTime('2026-03-02T12:00:00.000Z')).toMatch(/^02-03-2026 \/ \d{2}:\d{2}:\d{2}$/);
  });

  it('takes the day as given: not the UTC midnight that would be the day before in Santiago', () => {
    expect(dayInChile('2026-03-02')).toBe('2026-03-02');
    expect(dayInChile('2026-03-02T02:00:00.000Z')).toBe('2026-03-01');
  });
});
