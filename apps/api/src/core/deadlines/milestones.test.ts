import { describe, expect, it } from 'vitest';
import type { CivilDate } from './calendar.js';
import { computeMilestones, nextDeadline, type Milestone } from './milestones.js';
import type { MilestoneKey } from './rules.js';

/**
 * Noon in Santiago on a civil date. Written with −04:00 (winter); in summer (−03:00) it is 13:00
 * local, still the same civil day.
 */
function noon(date: CivilDate): Date {
  return new Date(`${date}T12:00:00-04:00`);
}

function byKey(milestones: Milestone[]): Record<string, Milestone> {
  return Object.fromEntries(milestones.map((m) => [m.key, m]));
}

function summary(milestones: Milestone[]) {
  return milestones.map((m) => [m.key, m.dueDate, m.state]);
}

const KARIN_ORDER: MilestoneKey[] = [
  'medidas_resguardo',
  'decision_y_aviso_dt',
  'aviso_inicio_dt',
  'investigador_designado',
  'investigacion_cerrada',
  'informe_enviado_dt',
  'pronunciamiento_dt',
  'medidas_adoptadas',
];

describe('Law 21.643 clock (types 26, 27, 28)', () => {
  // Received Thursday 2026-08-27 at 22:30 in Santiago (02:30 UTC on Friday the 28th).
  const receivedAt = new Date('2026-08-27T22:30:00-04:00');
  /*
   * medidas_resguardo   "de inmediato" → the day of receipt, Thu 2026-08-27.
   * decision_y_aviso_dt +3 working: Fri 28 = 1, Mon 31 = 2, Tue Sep 1 = 3 → 2026-09-01; the start
   *                     notice to the DT and the naming of the investigator fall on the same day.
   *                     (Had we used the UTC day, Fri 28, it would wrongly be Wed 2 Sep.)
   * investigacion       +30 working from receipt → Fri 2026-10-09 (worked day by day in
   *                     calendar.test.ts: crosses Fri 18 / Sat 19 Sep; Thu 17 Sep 2026 is working).
   * informe_enviado_dt  +2 working after the closing due date: Sat 10 ✗, Sun 11 ✗, Mon 12 ✗
   *                     (Encuentro de Dos Mundos), Tue 13 = 1, Wed 14 = 2 → 2026-10-14.
   * pronunciamiento_dt  +30 working after Wed 14 Oct: Thu 15 = 1, Fri 16 = 2, Oct 19–23 = 3–7,
   *                     Oct 26–30 = 8–12 (Sat 31 Oct holiday anyway), Nov 2–6 = 13–17 (Sun 1 Nov),
   *                     Nov 9–13 = 18–22, Nov 16–20 = 23–27, Mon 23 = 28, Tue 24 = 29,
   *                     Wed 25 = 30 → 2026-11-25.
   * medidas_adoptadas   +15 calendar after 25 Nov: 25 + 15 = 40 − 30 (November) → 2026-12-10.
   */
  it('computes every due date from receipt when nothing is done yet', () => {
    const ms = computeMilestones({
      typeId: 27,
      receivedAt,
      completed: {},
      now: new Date('2026-08-27T23:00:00-04:00'),
    });
    expect(ms.map((m) => m.key)).toEqual(KARIN_ORDER);
    expect(summary(ms)).toEqual([
      ['medidas_resguardo', '2026-08-27', 'soon'], // due today
      ['decision_y_aviso_dt', '2026-09-01', 'pending'], // soon window ends Mon 31 Aug
      ['aviso_inicio_dt', '2026-09-01', 'pending'],
      ['investigador_designado', '2026-09-01', 'pending'],
      ['investigacion_cerrada', '2026-10-09', 'pending'],
      ['informe_enviado_dt', '2026-10-14', 'pending'],
      ['pronunciamiento_dt', '2026-11-25', 'pending'],
      ['medidas_adoptadas', '2026-12-10', 'pending'],
    ]);
    expect(ms.map((m) => m.provisional)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(ms.map((m) => m.label)).toEqual([
      'Adopción de medidas de resguardo',
      'Decisión de investigar internamente o derivar a la Dirección del Trabajo',
      'Aviso de inicio de la investigación a la Dirección del Trabajo',
      'Designación de la persona investigadora',
      'Cierre de la investigación',
      'Envío del informe a la Dirección del Trabajo',
      'Pronunciamiento de la Dirección del Trabajo',
      'Adopción de medidas y sanciones',
    ]);
    expect(ms.every((m) => m.completedAt === null && !m.late && !m.lapsed)).toBe(true);
    expect(ms.filter((m) => m.informsComplainant).map((m) => m.key)).toEqual([
      'decision_y_aviso_dt',
      'investigador_designado',
      'investigacion_cerrada',
      'medidas_adoptadas',
    ]);
    expect(byKey(ms)['pronunciamiento_dt']?.responsible).toBe('direccion_del_trabajo');
    expect(nextDeadline(ms)).toBe('2026-08-27');
  });

  it('applies the same clock to types 26 and 28', () => {
    for (const typeId of [26, 28]) {
      const ms = computeMilestones({ typeId, receivedAt, now: noon('2026-08-28') });
      expect(ms.map((m) => m.dueDate)).toEqual([
        '2026-08-27',
        '2026-09-01',
        '2026-09-01',
        '2026-09-01',
        '2026-10-09',
        '2026-10-14',
        '2026-11-25',
        '2026-12-10',
      ]);
    }
  });

  it('marks soon, overdue and done with a fixed now', () => {
    const completed = { medidas_resguardo: new Date('2026-08-27T23:10:00-04:00') };
    // Fri 28 Aug: soon window is today + 2 working days = Fri 28, Mon 31, Tue 1 Sep.
    let ms = byKey(
      computeMilestones({ typeId: 27, receivedAt, completed, now: noon('2026-08-28') }),
    );
    expect(ms['medidas_resguardo']).toMatchObject({ state: 'done', late: false });
    expect(ms['decision_y_aviso_dt']?.state).toBe('soon');
    // With a 0-day window only what is due today is soon.
    ms = byKey(
      computeMilestones({
        typeId: 27,
        receivedAt,
        completed,
        now: noon('2026-08-28'),
        soonDays: 0,
      }),
    );
    expect(ms['decision_y_aviso_dt']?.state).toBe('pending');
    // Tue 1 Sep, the due day itself: still soon, not overdue.
    ms = byKey(computeMilestones({ typeId: 27, receivedAt, completed, now: noon('2026-09-01') }));
    expect(ms['decision_y_aviso_dt']?.state).toBe('soon');
    // Wed 2 Sep: overdue.
    const list = computeMilestones({ typeId: 27, receivedAt, completed, now: noon('2026-09-02') });
    expect(byKey(list)['decision_y_aviso_dt']?.state).toBe('overdue');
    expect(nextDeadline(list)).toBe('2026-09-01');
  });

  it('keeps a milestone done late as done, with late: true', () => {
    const ms = byKey(
      computeMilestones({
        typeId: 27,
        receivedAt,
        completed: {
          medidas_resguardo: noon('2026-08-28'), // due Thu 27 Aug ("de inmediato"), done Fri 28
          decision_y_aviso_dt: noon('2026-09-01'), // due Tue 1 Sep, done that day: on time
        },
        now: noon('2026-09-04'),
      }),
    );
    expect(ms['medidas_resguardo']).toMatchObject({
      state: 'done',
      late: true,
      completedAt: noon('2026-08-28'),
    });
    expect(ms['decision_y_aviso_dt']).toMatchObject({ state: 'done', late: false });
  });

  it('rejects a bad soonDays', () => {
    expect(() =>
      computeMilestones({ typeId: 27, receivedAt, now: noon('2026-09-01'), soonDays: -1 }),
    ).toThrow(RangeError);
  });

  // The actual dates replace the projected ones once recorded.
  const early = {
    medidas_resguardo: new Date('2026-08-27T23:00:00-04:00'),
    decision_y_aviso_dt: noon('2026-08-31'),
    aviso_inicio_dt: noon('2026-08-31'),
    investigador_designado: noon('2026-08-31'),
    investigacion_cerrada: noon('2026-09-30'), // Wed, early
    informe_enviado_dt: noon('2026-10-02'),
  };
  /*
   * informe_enviado_dt +2 working after Wed 30 Sep: Thu 1 Oct = 1, Fri 2 Oct = 2 → 2026-10-02.
   * pronunciamiento_dt +30 working after Fri 2 Oct: Oct 5–9 = 1–5, Mon 12 ✗ (Encuentro de Dos
   *                    Mundos), Oct 13–16 = 6–9, Oct 19–23 = 10–14, Oct 26–30 = 15–19,
   *                    Nov 2–6 = 20–24, Nov 9–13 = 25–29, Mon 16 = 30 → 2026-11-16.
   */
  it('counts the report from the actual close and the DT from the actual sending', () => {
    const ms = computeMilestones({
      typeId: 27,
      receivedAt,
      completed: early,
      now: noon('2026-10-05'),
    });
    expect(summary(ms)).toEqual([
      ['medidas_resguardo', '2026-08-27', 'done'],
      ['decision_y_aviso_dt', '2026-09-01', 'done'],
      ['aviso_inicio_dt', '2026-09-01', 'done'],
      ['investigador_designado', '2026-09-01', 'done'],
      ['investigacion_cerrada', '2026-10-09', 'done'],
      ['informe_enviado_dt', '2026-10-02', 'done'],
      ['pronunciamiento_dt', '2026-11-16', 'pending'],
      ['medidas_adoptadas', '2026-12-01', 'pending'], // 16 Nov + 15 = 1 Dec, until the DT answers
    ]);
    expect(ms.map((m) => m.provisional)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(nextDeadline(ms)).toBe('2026-11-16');
  });

  it('counts measures 15 calendar days from the DT answer', () => {
    const ms = byKey(
      computeMilestones({
        typeId: 27,
        receivedAt,
        completed: { ...early, pronunciamiento_dt: noon('2026-11-10') },
        now: noon('2026-11-11'),
      }),
    );
    // Tue 10 Nov + 15 calendar days = Wed 25 Nov.
    expect(ms['medidas_adoptadas']).toMatchObject({ dueDate: '2026-11-25', provisional: false });
  });

  it('counts measures from the end of the DT period when the DT answers after it', () => {
    const ms = byKey(
      computeMilestones({
        typeId: 27,
        receivedAt,
        completed: { ...early, pronunciamiento_dt: noon('2026-11-20') },
        now: noon('2026-11-23'),
      }),
    );
    expect(ms['pronunciamiento_dt']).toMatchObject({ state: 'done', late: true, lapsed: false });
    // Silence took effect on 16 Nov; 16 + 15 = 31 → 1 Dec (not 20 Nov + 15 = 5 Dec).
    expect(ms['medidas_adoptadas']?.dueDate).toBe('2026-12-01');
  });

  it("treats the DT's silence as its pronouncement once the 30 working days have run", () => {
    // Mon 16 Nov is the last day of the DT period: still running.
    let ms = byKey(
      computeMilestones({ typeId: 27, receivedAt, completed: early, now: noon('2026-11-16') }),
    );
    expect(ms['pronunciamiento_dt']).toMatchObject({ state: 'soon', lapsed: false });
    // Tue 17 Nov: silence; the conclusions stand and the measures are due 1 Dec.
    const list = computeMilestones({
      typeId: 27,
      receivedAt,
      completed: early,
      now: noon('2026-11-17'),
    });
    ms = byKey(list);
    expect(ms['pronunciamiento_dt']).toMatchObject({
      state: 'done',
      lapsed: true,
      late: false,
      completedAt: null,
    });
    expect(ms['medidas_adoptadas']).toMatchObject({
      dueDate: '2026-12-01',
      state: 'pending', // soon window from Tue 17 Nov ends Thu 19 Nov
      provisional: false,
    });
    expect(nextDeadline(list)).toBe('2026-12-01');
  });

  it('never lets the DT period lapse while the report has not been sent', () => {
    const ms = byKey(
      computeMilestones({
        typeId: 27,
        receivedAt,
        completed: {
          medidas_resguardo: noon('2026-08-27'),
          decision_y_aviso_dt: noon('2026-08-31'),
        },
        now: noon('2026-12-01'),
      }),
    );
    expect(ms['investigacion_cerrada']?.state).toBe('overdue');
    expect(ms['informe_enviado_dt']?.state).toBe('overdue');
    expect(ms['pronunciamiento_dt']).toMatchObject({
      state: 'overdue',
      lapsed: false,
      provisional: true,
    });
  });

  it('received Mon 2025-12-22: crosses Christmas and New Year', () => {
    /*
     * medidas_resguardo   Mon 2025-12-22.
     * decision_y_aviso_dt Tue 23 = 1, Wed 24 = 2, Thu 25 ✗ (Navidad), Fri 26 = 3 → 2025-12-26.
     * investigacion       +30 working → Wed 2026-02-04 (day by day in calendar.test.ts; Wed 31 Dec
     *                     is a working day, Thu 1 Jan is not, Fri 2 Jan is).
     * informe_enviado_dt  Thu 5 Feb = 1, Fri 6 Feb = 2 → 2026-02-06.
     * pronunciamiento_dt  +30 working after Fri 6 Feb, no holidays until Good Friday 3 Apr:
     *                     Feb 9–13 = 1–5, 16–20 = 6–10, 23–27 = 11–15, Mar 2–6 = 16–20,
     *                     Mar 9–13 = 21–25, Mar 16–20 = 26–30 → 2026-03-20.
     * medidas_adoptadas   20 Mar + 15 calendar = 35 − 31 (March) → 2026-04-04.
     */
    const ms = computeMilestones({
      typeId: 26,
      receivedAt: noon('2025-12-22'),
      now: noon('2025-12-22'),
    });
    expect(ms.map((m) => m.dueDate)).toEqual([
      '2025-12-22',
      '2025-12-26',
      '2025-12-26',
      '2025-12-26',
      '2026-02-04',
      '2026-02-06',
      '2026-03-20',
      '2026-04-04',
    ]);
  });
});

describe('other types: acknowledgement and response', () => {
  it('received Mon 2025-12-22: acknowledgement in 7 calendar days, response 3 months later', () => {
    // 23, 24, 25 (Navidad counts: calendar days), 26, 27, 28, 29 → Mon 2025-12-29.
    // Not yet acknowledged: 3 months from the acknowledgement's due date → 2026-03-29.
    const ms = computeMilestones({
      typeId: 3,
      receivedAt: noon('2025-12-22'),
      now: noon('2025-12-22'),
    });
    expect(ms.map((m) => [m.key, m.label, m.dueDate, m.provisional])).toEqual([
      ['acuse_recibo', 'Acuse de recibo', '2025-12-29', false],
      ['respuesta', 'Respuesta al denunciante', '2026-03-29', true],
    ]);
    expect(ms.every((m) => m.informsComplainant)).toBe(true);
  });

  it('counts 3 months from the actual acknowledgement, clamped to the end of the month', () => {
    // Received Sat 2026-01-31 and acknowledged the same day: 31 Jan + 3 months → 30 Apr.
    const ms = computeMilestones({
      typeId: 1,
      receivedAt: noon('2026-01-31'),
      completed: { acuse_recibo: noon('2026-01-31') },
      now: noon('2026-02-02'),
    });
    expect(summary(ms)).toEqual([
      ['acuse_recibo', '2026-02-07', 'done'],
      ['respuesta', '2026-04-30', 'pending'],
    ]);
    expect(byKey(ms)['respuesta']?.provisional).toBe(false);
  });

  it('counts from the acknowledgement even when it was late', () => {
    // Due Sat 7 Feb, acknowledged Tue 10 Feb → late; response 10 Feb + 3 months = 10 May.
    const ms = byKey(
      computeMilestones({
        typeId: 1,
        receivedAt: noon('2026-01-31'),
        completed: { acuse_recibo: noon('2026-02-10') },
        now: noon('2026-02-10'),
      }),
    );
    expect(ms['acuse_recibo']).toMatchObject({ state: 'done', late: true });
    expect(ms['respuesta']?.dueDate).toBe('2026-05-10');
  });

  it('moves through pending, soon and overdue', () => {
    // Received Mon 2026-03-02; acknowledgement due Mon 2026-03-09 (7 calendar days).
    const receivedAt = noon('2026-03-02');
    const state = (now: Date, soonDays?: number) =>
      byKey(computeMilestones({ typeId: 1, receivedAt, now, soonDays }))['acuse_recibo']?.state;
    // Wed 4: window Thu 5, Fri 6 → 9 Mar is outside.
    expect(state(noon('2026-03-04'))).toBe('pending');
    // Thu 5: window Fri 6 = 1, (Sat, Sun skipped) Mon 9 = 2 → soon.
    expect(state(noon('2026-03-05'))).toBe('soon');
    expect(state(noon('2026-03-05'), 0)).toBe('pending');
    expect(state(noon('2026-03-09'))).toBe('soon');
    expect(state(noon('2026-03-09'), 0)).toBe('soon');
    // 01:00 UTC on the 10th is 22:00 on the 9th in Santiago (summer, UTC−3): not overdue yet.
    expect(state(new Date('2026-03-10T01:00:00Z'))).toBe('soon');
    expect(state(new Date('2026-03-10T03:00:00Z'))).toBe('overdue'); // midnight in Santiago
  });

  it('ignores completions of milestones from another regime', () => {
    const ms = computeMilestones({
      typeId: 1,
      receivedAt: noon('2026-03-02'),
      completed: { investigacion_cerrada: noon('2026-03-03') },
      now: noon('2026-03-02'),
    });
    expect(ms.map((m) => m.key)).toEqual(['acuse_recibo', 'respuesta']);
    expect(ms.every((m) => m.completedAt === null)).toBe(true);
  });
});

describe('nextDeadline', () => {
  it('is the earliest due date not done, or null when everything is done', () => {
    const receivedAt = noon('2026-03-02');
    const pending = computeMilestones({ typeId: 1, receivedAt, now: receivedAt });
    expect(nextDeadline(pending)).toBe('2026-03-09');
    const acked = computeMilestones({
      typeId: 1,
      receivedAt,
      completed: { acuse_recibo: noon('2026-03-03') },
      now: receivedAt,
    });
    expect(nextDeadline(acked)).toBe('2026-06-03'); // 3 Mar + 3 months
    const all = computeMilestones({
      typeId: 1,
      receivedAt,
      completed: { acuse_recibo: noon('2026-03-03'), respuesta: noon('2026-04-01') },
      now: receivedAt,
    });
    expect(nextDeadline(all)).toBeNull();
    expect(nextDeadline([])).toBeNull();
  });

  it('does not depend on the order of the list', () => {
    expect(
      nextDeadline([
        { dueDate: '2026-05-01', state: 'pending' },
        { dueDate: '2026-01-01', state: 'done' },
        { dueDate: '2026-03-01', state: 'overdue' },
      ]),
    ).toBe('2026-03-01');
  });
});
