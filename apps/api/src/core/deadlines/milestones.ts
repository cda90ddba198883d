/**
 * A case's legal milestones with due dates and states, computed from the deadline table
 * (`rules.ts`) and the Chilean calendar (`calendar.ts`). Pure: no database, no clock (`now` is a
 * parameter), so the inbox, the case page and the reminder mailer all get the same answer.
 */
import {
  addCalendarDays,
  addMonths,
  addWorkingDays,
  civilDateInZone,
  type CivilDate,
} from './calendar.js';
import {
  DEADLINE_TABLE,
  regimeForType,
  type DeadlineRule,
  type DeadlineTable,
  type MilestoneKey,
  type Responsible,
} from './rules.js';

export type MilestoneState = 'done' | 'pending' | 'soon' | 'overdue';

export interface Milestone {
  key: MilestoneKey;
  label: string;
  /** Last day on which the milestone is on time (Santiago civil date). */
  dueDate: CivilDate;
  /** When it was recorded as done; null while pending or when it lapsed by silence. */
  completedAt: Date | null;
  /**
   * 'done': recorded (or lapsed by silence); 'overdue': not done and today is after `dueDate`;
   * 'soon': not done and due within `soonDays` working days (today included); else 'pending'.
   */
  state: MilestoneState;
  /** Done, but on a civil day after `dueDate`. */
  late: boolean;
  /** Counted as done because its period ran out in silence (the DT's pronouncement). */
  lapsed: boolean;
  /**
   * The due date counts from an earlier milestone's due date because that one is not done yet,
   * so it will move when the earlier one is recorded.
   */
  provisional: boolean;
  informsComplainant: boolean;
  complainantIsTold: string | null;
  responsible: Responsible;
}

export interface ComputeMilestonesInput {
  /** Complaint type id; 26, 27 and 28 follow Law 21.643 (see the table). */
  typeId: number;
  receivedAt: Date;
  /** When each milestone was recorded as done; keys not in the case's regime are ignored. */
  completed?: Partial<Record<MilestoneKey, Date>>;
  now: Date;
  /** Working days ahead (today included) that make a pending milestone 'soon'; default 2. */
  soonDays?: number;
  /** For tests; defaults to the product table. */
  table?: DeadlineTable;
}

function applyRule(rule: DeadlineRule, anchor: CivilDate): CivilDate {
  switch (rule.unit) {
    case 'working':
      return addWorkingDays(anchor, rule.amount);
    case 'calendar':
      return addCalendarDays(anchor, rule.amount);
    case 'months':
      return addMonths(anchor, rule.amount);
  }
}

interface Computed {
  due: CivilDate;
  doneOn: CivilDate | null;
  lapsed: boolean;
  provisional: boolean;
}

/** The case's milestones in legal order. */
export function computeMilestones(input: ComputeMilestonesInput): Milestone[] {
  const table = input.table ?? DEADLINE_TABLE;
  const soonDays = input.soonDays ?? table.soonWorkingDays;
  if (!Number.isInteger(soonDays) || soonDays < 0) {
    throw new RangeError(`soonDays must be a non-negative integer: ${soonDays}`);
  }
  const completed = input.completed ?? {};
  const regime = regimeForType(input.typeId, table);
  const received = civilDateInZone(input.receivedAt);
  const today = civilDateInZone(input.now);
  const soonLimit = addWorkingDays(today, soonDays);

  const computed = new Map<MilestoneKey, Computed>();
  const result: Milestone[] = [];

  for (const rule of regime.rules) {
    let anchor: CivilDate;
    let provisional = false;
    if (rule.anchor.from === 'receipt') {
      anchor = received;
    } else {
      const previous = computed.get(rule.anchor.key);
      if (!previous)
        throw new Error(`${rule.key} counts from ${rule.anchor.key}, not computed yet`);
      if (previous.doneOn !== null) {
        anchor =
          rule.anchor.use === 'earlier_of_actual_and_due' && previous.due < previous.doneOn
            ? previous.due
            : previous.doneOn;
      } else if (previous.lapsed) {
        anchor = previous.due;
      } else {
        anchor = previous.due;
        provisional = true;
      }
    }

    const due = applyRule(rule, anchor);
    const completedAt = completed[rule.key] ?? null;
    const doneOn = completedAt ? civilDateInZone(completedAt) : null;
    // A period can only lapse in silence once it has really started (its anchor is not a guess).
    const lapsed = doneOn === null && rule.lapsesOnSilence && !provisional && today > due;

    let state: MilestoneState;
    if (doneOn !== null || lapsed) state = 'done';
    else if (today > due) state = 'overdue';
    else if (due <= soonLimit) state = 'soon';
    else state = 'pending';

    computed.set(rule.key, { due, doneOn, lapsed, provisional });
    result.push({
      key: rule.key,
      label: rule.label,
      dueDate: due,
      completedAt,
      state,
      late: doneOn !== null && doneOn > due,
      lapsed,
      provisional,
      informsComplainant: rule.informsComplainant,
      complainantIsTold: rule.complainantIsTold,
      responsible: rule.responsible,
    });
  }
  return result;
}

/** The earliest due date among milestones not done (to sort an inbox), or null if all are done. */
export function nextDeadline(
  milestones: readonly Pick<Milestone, 'dueDate' | 'state'>[],
): CivilDate | null {
  let earliest: CivilDate | null = null;
  for (const m of milestones) {
    if (m.state !== 'done' && (earliest === null || m.dueDate < earliest)) earliest = m.dueDate;
  }
  return earliest;
}
