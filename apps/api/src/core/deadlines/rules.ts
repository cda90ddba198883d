/**
 * THE deadline table: the only place in the product where legal figures live.
 *
 * Lawyers: to correct a figure, change `amount`, `unit` or `anchor` below; nothing else in the code
 * repeats them. The table is checked when the server starts (see `validateDeadlineTable` at the end
 * of this file), so a broken edit stops the server instead of silently computing wrong dates.
 *
 * Sources summarised in docs (LAW.md): Law 21.643 ("Ley Karin") and Decreto Supremo 21 of 2024 of
 * the Ministry of Labour for complaint types 26, 27 and 28; EU Directive 2019/1937 art. 9 as the
 * best-practice anchor for every other type. Not legal advice.
 *
 * How a due date is computed: take the anchor date (the civil day of receipt in Santiago, or the
 * civil day an earlier milestone was done / fell due) and add `amount` of `unit`:
 *   - 'working':  working days after the anchor (the anchor day itself never counts; Saturdays,
 *                 Sundays and Chilean national public holidays are skipped);
 *   - 'calendar': calendar days after the anchor (0 = the anchor day itself, i.e. "immediately");
 *   - 'months':   same day n months later, clamped to the month's last day.
 */
export type MilestoneKey =
  | 'medidas_resguardo'
  | 'decision_y_aviso_dt'
  | 'aviso_inicio_dt'
  | 'investigador_designado'
  | 'investigacion_cerrada'
  | 'informe_enviado_dt'
  | 'pronunciamiento_dt'
  | 'medidas_adoptadas'
  | 'acuse_recibo'
  | 'respuesta';

export type DeadlineUnit = 'working' | 'calendar' | 'months';

/**
 * Which date a milestone that counts from another milestone uses:
 *  - 'actual_else_due': the day the earlier milestone was actually done; while it is not done, its
 *    due date (so the later date is provisional until then);
 *  - 'earlier_of_actual_and_due': the earlier of the two. For a period that also starts when the
 *    earlier one lapses (the Dirección del Trabajo's silence), an answer given after the lapse
 *    does not restart the clock.
 */
export type AnchorUse = 'actual_else_due' | 'earlier_of_actual_and_due';

export type Anchor =
  | { readonly from: 'receipt' }
  | { readonly from: 'milestone'; readonly key: MilestoneKey; readonly use: AnchorUse };

/** Who must act: the employer (our user) or the Dirección del Trabajo. */
export type Responsible = 'empleador' | 'direccion_del_trabajo';

export interface DeadlineRule {
  readonly key: MilestoneKey;
  /** Spanish label shown in the back office. */
  readonly label: string;
  readonly unit: DeadlineUnit;
  /** Non-negative integer. */
  readonly amount: number;
  readonly anchor: Anchor;
  /** At this milestone the complainant must be told something in writing. */
  readonly informsComplainant: boolean;
  /** What the complainant is told (null when `informsComplainant` is false). */
  readonly complainantIsTold: string | null;
  readonly responsible: Responsible;
  /**
   * When the due date passes without the milestone being recorded, the law treats it as having
   * happened by silence (the milestone shows as done, `lapsed: true`, and is never "overdue").
   */
  readonly lapsesOnSilence: boolean;
  readonly legalBasis: string;
}

export type RegimeId = 'ley_21643' | 'general';

export interface DeadlineRegime {
  readonly id: RegimeId;
  readonly name: string;
  /** Complaint type ids this regime applies to; 'all_other_types' for the single fallback. */
  readonly typeIds: readonly number[] | 'all_other_types';
  /** In legal order; a milestone may only count from one listed before it. */
  readonly rules: readonly DeadlineRule[];
  /**
   * The milestone that closing the case records (on the day of closing, unless recorded before).
   * The milestones that count from it, directly or through others, are the duties after closing:
   * they stay tracked, shown and mailed on a closed case until recorded (decision 0013).
   */
  readonly closingMilestone?: MilestoneKey;
  /**
   * A complaint against the employer's manager or legal representative is always referred to the
   * Dirección del Trabajo: the case is marked, and `milestone` carries `note` (decision 0021).
   */
  readonly managerReferral?: { readonly milestone: MilestoneKey; readonly note: string };
}

export interface DeadlineTable {
  /** A pending milestone is "soon" when due within this many working days (today included). */
  readonly soonWorkingDays: number;
  /**
   * Corrections to the `date-holidays` calendar of Chilean national public holidays:
   * `add` a one-off holiday declared by a special law ('yyyy-mm-dd' → name), or `remove` a date the
   * library wrongly lists.
   */
  readonly holidayOverrides: {
    readonly add: Readonly<Record<string, string>>;
    readonly remove: readonly string[];
  };
  readonly regimes: readonly DeadlineRegime[];
}

const KARIN = 'Ley 21.643 y DS 21/2024 (Ministerio del Trabajo)';

export const DEADLINE_TABLE: DeadlineTable = {
  soonWorkingDays: 2,
  holidayOverrides: { add: {}, remove: [] },
  regimes: [
    {
      id: 'ley_21643',
      name: 'Ley 21.643 (acoso laboral, acoso sexual, violencia en el trabajo)',
      typeIds: [26, 27, 28],
      closingMilestone: 'investigacion_cerrada',
      managerReferral: {
        milestone: 'decision_y_aviso_dt',
        note: 'Se debe derivar a la Dirección del Trabajo: la persona denunciada es gerente o representante legal del empleador (Ley 21.643 y DS 21/2024).',
      },
      rules: [
        {
          key: 'medidas_resguardo',
          label: 'Adopción de medidas de resguardo',
          unit: 'calendar',
          amount: 0, // "de inmediato": the day of receipt itself, whatever day of the week
          anchor: { from: 'receipt' },
          informsComplainant: false,
          complainantIsTold: null,
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: KARIN,
        },
        {
          key: 'decision_y_aviso_dt',
          label: 'Decisión de investigar internamente o derivar a la Dirección del Trabajo',
          unit: 'working',
          amount: 3,
          anchor: { from: 'receipt' },
          informsComplainant: true,
          complainantIsTold:
            'Si el empleador investiga internamente o deriva a la Dirección del Trabajo',
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: KARIN,
        },
        {
          key: 'aviso_inicio_dt',
          label: 'Aviso de inicio de la investigación a la Dirección del Trabajo',
          unit: 'working',
          amount: 3,
          anchor: { from: 'receipt' },
          informsComplainant: false,
          complainantIsTold: null,
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: KARIN,
        },
        {
          key: 'investigador_designado',
          label: 'Designación de la persona investigadora',
          unit: 'working',
          amount: 3,
          anchor: { from: 'receipt' },
          informsComplainant: true,
          complainantIsTold: 'Quién investiga, y que puede pedir su reemplazo',
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: KARIN,
        },
        {
          key: 'investigacion_cerrada',
          label: 'Cierre de la investigación',
          unit: 'working',
          amount: 30, // counted from receipt; the law allows no extension
          anchor: { from: 'receipt' },
          informsComplainant: true,
          complainantIsTold: 'Las conclusiones de la investigación',
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: KARIN,
        },
        {
          key: 'informe_enviado_dt',
          label: 'Envío del informe a la Dirección del Trabajo',
          unit: 'working',
          amount: 2,
          anchor: { from: 'milestone', key: 'investigacion_cerrada', use: 'actual_else_due' },
          informsComplainant: false,
          complainantIsTold: null,
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: KARIN,
        },
        {
          key: 'pronunciamiento_dt',
          label: 'Pronunciamiento de la Dirección del Trabajo',
          unit: 'working',
          amount: 30,
          anchor: { from: 'milestone', key: 'informe_enviado_dt', use: 'actual_else_due' },
          informsComplainant: false,
          complainantIsTold: null,
          responsible: 'direccion_del_trabajo',
          lapsesOnSilence: true, // silence: the investigation's conclusions stand
          legalBasis: KARIN,
        },
        {
          key: 'medidas_adoptadas',
          label: 'Adopción de medidas y sanciones',
          unit: 'calendar',
          amount: 15,
          anchor: {
            from: 'milestone',
            key: 'pronunciamiento_dt',
            use: 'earlier_of_actual_and_due',
          },
          informsComplainant: true,
          complainantIsTold: 'Las medidas adoptadas',
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: KARIN,
        },
      ],
    },
    {
      id: 'general',
      name: 'Otras materias (buena práctica: Directiva UE 2019/1937, art. 9)',
      typeIds: 'all_other_types',
      rules: [
        {
          key: 'acuse_recibo',
          label: 'Acuse de recibo',
          unit: 'calendar',
          amount: 7,
          anchor: { from: 'receipt' },
          informsComplainant: true,
          complainantIsTold: 'Que la denuncia fue recibida',
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: 'Buena práctica: Directiva UE 2019/1937, art. 9',
        },
        {
          key: 'respuesta',
          label: 'Respuesta al denunciante',
          unit: 'months',
          amount: 3,
          anchor: { from: 'milestone', key: 'acuse_recibo', use: 'actual_else_due' },
          informsComplainant: true,
          complainantIsTold: 'Las acciones previstas o adoptadas y sus motivos',
          responsible: 'empleador',
          lapsesOnSilence: false,
          legalBasis: 'Buena práctica: Directiva UE 2019/1937, art. 9',
        },
      ],
    },
  ],
};

/** The regime whose `typeIds` include `typeId`, else the 'all_other_types' one. */
export function regimeForType(
  typeId: number,
  table: DeadlineTable = DEADLINE_TABLE,
): DeadlineRegime {
  const explicit = table.regimes.find(
    (r) => r.typeIds !== 'all_other_types' && r.typeIds.includes(typeId),
  );
  const regime = explicit ?? table.regimes.find((r) => r.typeIds === 'all_other_types');
  if (!regime) throw new Error(`No deadline regime for complaint type ${typeId}`);
  return regime;
}

/**
 * What a case whose accused is the employer's manager or legal representative must do, under its
 * type's regime: null when the regime says nothing (the mark then does not apply).
 */
export function managerReferralFor(
  typeId: number,
  accusedIsManager: boolean,
  table: DeadlineTable = DEADLINE_TABLE,
): DeadlineRegime['managerReferral'] | null {
  return accusedIsManager ? (regimeForType(typeId, table).managerReferral ?? null) : null;
}

const CIVIL_DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Every problem found in a table; empty when it is usable. */
export function validateDeadlineTable(table: DeadlineTable): string[] {
  const problems: string[] = [];
  if (!Number.isInteger(table.soonWorkingDays) || table.soonWorkingDays < 0) {
    problems.push('soonWorkingDays must be a non-negative integer');
  }
  for (const date of [
    ...Object.keys(table.holidayOverrides.add),
    ...table.holidayOverrides.remove,
  ]) {
    if (!CIVIL_DATE_RE.test(date)) problems.push(`holiday override ${date} is not yyyy-mm-dd`);
  }
  const fallbacks = table.regimes.filter((r) => r.typeIds === 'all_other_types');
  if (fallbacks.length !== 1) problems.push(`exactly one regime must cover 'all_other_types'`);
  const claimed = new Map<number, RegimeId>();
  for (const regime of table.regimes) {
    if (regime.typeIds !== 'all_other_types') {
      for (const typeId of regime.typeIds) {
        const other = claimed.get(typeId);
        if (other) problems.push(`type ${typeId} is in both ${other} and ${regime.id}`);
        claimed.set(typeId, regime.id);
      }
    }
    const seen = new Set<MilestoneKey>();
    for (const rule of regime.rules) {
      const where = `${regime.id}.${rule.key}`;
      if (seen.has(rule.key)) problems.push(`${where} is listed twice`);
      if (!Number.isInteger(rule.amount) || rule.amount < 0) {
        problems.push(`${where}: amount must be a non-negative integer`);
      }
      if (rule.anchor.from === 'milestone' && !seen.has(rule.anchor.key)) {
        problems.push(`${where} counts from ${rule.anchor.key}, which must be listed before it`);
      }
      if (rule.informsComplainant !== (rule.complainantIsTold !== null)) {
        problems.push(`${where}: complainantIsTold must be set exactly when informsComplainant`);
      }
      if (rule.label.trim() === '') problems.push(`${where}: empty label`);
      seen.add(rule.key);
    }
    if (regime.managerReferral !== undefined) {
      if (!seen.has(regime.managerReferral.milestone)) {
        problems.push(
          `${regime.id}: managerReferral.milestone ${regime.managerReferral.milestone} is not one of its rules`,
        );
      }
      if (regime.managerReferral.note.trim() === '') {
        problems.push(`${regime.id}: managerReferral has an empty note`);
      }
    }
    if (regime.closingMilestone !== undefined && !seen.has(regime.closingMilestone)) {
      problems.push(
        `${regime.id}: closingMilestone ${regime.closingMilestone} is not one of its rules`,
      );
    }
  }
  return problems;
}

/** Throws, listing every problem, when the table is unusable. */
export function assertValidDeadlineTable(table: DeadlineTable): void {
  const problems = validateDeadlineTable(table);
  if (problems.length > 0) {
    throw new Error(`Invalid deadline table (rules.ts):\n- ${problems.join('\n- ')}`);
  }
}

// Checked on import, so a broken edit of the table stops the server at start-up.
assertValidDeadlineTable(DEADLINE_TABLE);
