import { describe, expect, it } from 'vitest';
import { DEADLINE_TABLE, type MilestoneKey } from '.';
import { afterClosingKeys, caseMilestones, nextDueDate, openAtClosing, openKeys } from './next-due';

const noon = (date: string) => new Date(`${date}T12:00:00-04:00`);
// Received Thursday 2026-08-27 in Santiago (see milestones.test.ts for the whole Karin clock).
const receivedAt = new Date('2026-08-27T22:30:00-04:00');
const KARIN = 26;

describe('duties after closing (decision 0013)', () => {
  it('are the milestones counting, directly or not, from the investigation closing', () => {
    const [karin, general] = DEADLINE_TABLE.regimes;
    expect([...afterClosingKeys(karin!)]).toEqual([
      'informe_enviado_dt',
      'pronunciamiento_dt',
      'medidas_adoptadas',
    ]);
    expect(afterClosingKeys(general!).size).toBe(0);
  });

  it('keep the next due date of a closed Law 21.643 case: the report to the DT, 2 working days after closing', () => {
    const completed: Partial<Record<MilestoneKey, Date>> = {
      investigacion_cerrada: noon('2026-09-10'), // Thursday
    };
    const now = noon('2026-09-10');
    // Fri 11 = 1, then Mon 14 = 2 (the 18th and 19th are the national holidays, not yet).
    expect(nextDueDate({ typeId: KARIN, receivedAt, completed, closed: true, now })).toBe(
      '2026-09-14',
    );
    const milestones = caseMilestones({ typeId: KARIN, receivedAt, completed, closed: true, now });
    expect(milestones.filter((m) => m.tracked).map((m) => m.key)).toEqual([
      'informe_enviado_dt',
      'pronunciamiento_dt',
      'medidas_adoptadas',
    ]);
    // Everything recorded: nothing pending.
    const all = {
      ...completed,
      informe_enviado_dt: noon('2026-09-11'),
      pronunciamiento_dt: noon('2026-09-30'),
      medidas_adoptadas: noon('2026-10-05'),
    };
    expect(
      nextDueDate({
        typeId: KARIN,
        receivedAt,
        completed: all,
        closed: true,
        now: noon('2026-10-05'),
      }),
    ).toBeNull();
  });

  it('are not tracked on a closed case whose closing milestone was never recorded (closed before 0013)', () => {
    const now = noon('2026-09-10');
    expect(nextDueDate({ typeId: KARIN, receivedAt, completed: {}, closed: true, now })).toBeNull();
    expect(nextDueDate({ typeId: 1, receivedAt, completed: {}, closed: true, now })).toBeNull();
  });

  it('lists what a closing today leaves open, with the duties after closing counted from today', () => {
    const now = noon('2026-09-10');
    const open = openAtClosing({
      typeId: KARIN,
      receivedAt,
      completed: { medidas_resguardo: noon('2026-08-27') },
      now,
    });
    expect(open.records).toBe('investigacion_cerrada');
    expect(open.unrecorded.map((m) => m.key)).toEqual([
      'decision_y_aviso_dt',
      'aviso_inicio_dt',
      'investigador_designado',
    ]);
    expect(open.afterClosing.map((m) => [m.key, m.dueDate])).toEqual([
      ['informe_enviado_dt', '2026-09-14'],
      ['pronunciamiento_dt', expect.any(String)],
      ['medidas_adoptadas', expect.any(String)],
    ]);
    expect(openKeys(open)).toHaveLength(6);
    // Recorded before: the closing records nothing and keeps that date.
    const before = openAtClosing({
      typeId: KARIN,
      receivedAt,
      completed: { investigacion_cerrada: noon('2026-09-08') },
      now,
    });
    expect(before.records).toBeNull();
    expect(before.afterClosing[0]!.dueDate).toBe('2026-09-10');
    // The general regime has no duty after closing; its open milestones are only named.
    const general = openAtClosing({ typeId: 1, receivedAt, completed: {}, now });
    expect(general.records).toBeNull();
    expect(general.afterClosing).toEqual([]);
    expect(general.unrecorded.map((m) => m.key)).toEqual(['acuse_recibo', 'respuesta']);
  });
});
