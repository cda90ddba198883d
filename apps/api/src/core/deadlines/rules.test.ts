import { describe, expect, it } from 'vitest';
import {
  assertValidDeadlineTable,
  DEADLINE_TABLE,
  managerReferralFor,
  regimeForType,
  validateDeadlineTable,
  type DeadlineRegime,
  type DeadlineTable,
} from './rules.js';

describe('deadline table', () => {
  it('is valid', () => {
    expect(validateDeadlineTable(DEADLINE_TABLE)).toEqual([]);
  });

  it('holds the figures of LAW.md', () => {
    const karin = regimeForType(27);
    expect(karin.rules.map((r) => [r.key, r.unit, r.amount, r.anchor])).toEqual([
      ['medidas_resguardo', 'calendar', 0, { from: 'receipt' }],
      ['decision_y_aviso_dt', 'working', 3, { from: 'receipt' }],
      ['aviso_inicio_dt', 'working', 3, { from: 'receipt' }],
      ['investigador_designado', 'working', 3, { from: 'receipt' }],
      ['investigacion_cerrada', 'working', 30, { from: 'receipt' }],
      [
        'informe_enviado_dt',
        'working',
        2,
        { from: 'milestone', key: 'investigacion_cerrada', use: 'actual_else_due' },
      ],
      [
        'pronunciamiento_dt',
        'working',
        30,
        { from: 'milestone', key: 'informe_enviado_dt', use: 'actual_else_due' },
      ],
      [
        'medidas_adoptadas',
        'calendar',
        15,
        { from: 'milestone', key: 'pronunciamiento_dt', use: 'earlier_of_actual_and_due' },
      ],
    ]);
    const general = regimeForType(1);
    expect(general.rules.map((r) => [r.key, r.unit, r.amount, r.anchor])).toEqual([
      ['acuse_recibo', 'calendar', 7, { from: 'receipt' }],
      [
        'respuesta',
        'months',
        3,
        { from: 'milestone', key: 'acuse_recibo', use: 'actual_else_due' },
      ],
    ]);
    expect(DEADLINE_TABLE.soonWorkingDays).toBe(2);
  });

  it('maps types 26–28 to Law 21.643 and everything else to the general regime', () => {
    expect([26, 27, 28].map((t) => regimeForType(t).id)).toEqual([
      'ley_21643',
      'ley_21643',
      'ley_21643',
    ]);
    expect([1, 25, 29, 999].map((t) => regimeForType(t).id)).toEqual([
      'general',
      'general',
      'general',
      'general',
    ]);
  });

  it('reports broken edits', () => {
    const [karin, general] = DEADLINE_TABLE.regimes as [DeadlineRegime, DeadlineRegime];
    const [first, second] = karin.rules;
    if (!first || !second) throw new Error('fixture');
    const broken: DeadlineTable = {
      soonWorkingDays: -1,
      holidayOverrides: { add: { '2026-9-1': 'x' }, remove: [] },
      regimes: [
        {
          ...karin,
          rules: [
            {
              ...second,
              anchor: { from: 'milestone', key: 'medidas_resguardo', use: 'actual_else_due' },
            },
            { ...first, amount: -3 },
            { ...first, informsComplainant: true },
          ],
        },
        { ...general, id: 'general', typeIds: [27] },
      ],
    };
    expect(validateDeadlineTable(broken)).toEqual([
      'soonWorkingDays must be a non-negative integer',
      'holiday override 2026-9-1 is not yyyy-mm-dd',
      "exactly one regime must cover 'all_other_types'",
      'ley_21643.decision_y_aviso_dt counts from medidas_resguardo, which must be listed before it',
      'ley_21643.medidas_resguardo: amount must be a non-negative integer',
      'ley_21643.medidas_resguardo is listed twice',
      'ley_21643.medidas_resguardo: complainantIsTold must be set exactly when informsComplainant',
      'ley_21643: closingMilestone investigacion_cerrada is not one of its rules',
      'type 27 is in both ley_21643 and general',
    ]);
    expect(() => assertValidDeadlineTable(broken)).toThrow(/Invalid deadline table/);
  });

  it('refers a Law 21.643 complaint against a manager or legal representative to the DT at the decision milestone', () => {
    expect(managerReferralFor(27, true)).toEqual({
      milestone: 'decision_y_aviso_dt',
      note: expect.stringMatching(/^Se debe derivar a la Dirección del Trabajo: /),
    });
    expect(managerReferralFor(27, false)).toBeNull();
    // Other types have no such rule: the mark does not apply.
    expect(managerReferralFor(1, true)).toBeNull();
    const [karin, general] = DEADLINE_TABLE.regimes as [DeadlineRegime, DeadlineRegime];
    expect(
      validateDeadlineTable({
        ...DEADLINE_TABLE,
        regimes: [{ ...karin, managerReferral: { milestone: 'respuesta', note: ' ' } }, general],
      }),
    ).toEqual([
      'ley_21643: managerReferral.milestone respuesta is not one of its rules',
      'ley_21643: managerReferral has an empty note',
    ]);
  });
});
