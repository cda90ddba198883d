import {
  computeMilestones,
  nextDeadline,
  regimeForType,
  type CivilDate,
  type DeadlineRegime,
  type Milestone,
  type MilestoneKey,
} from '.';

export interface NextDueInput {
  typeId: number;
  receivedAt: Date;
  completed: Partial<Record<MilestoneKey, Date>>;
  /** A closed case keeps only its duties after closing (decision 0013). */
  closed: boolean;
  now: Date;
}

/** A milestone of a case, and whether its clock still runs. */
export interface CaseMilestone extends Milestone {
  /** Counts, directly or through others, from the milestone closing the case records. */
  afterClosing: boolean;
  /** The milestone closing the case records (when not recorded before). */
  recordedByClosing: boolean;
  /**
   * Still watched: every milestone of an open case; on a closed case, only the duties after
   * closing, once the closing milestone is recorded (the closing records it). A closed case's
   * milestone not done and not tracked shows as not recorded.
   */
  tracked: boolean;
}

/** The milestones of the regime that count, directly or through others, from its closing milestone. */
export function afterClosingKeys(regime: DeadlineRegime): Set<MilestoneKey> {
  const after = new Set<MilestoneKey>();
  if (!regime.closingMilestone) return after;
  const reached = new Set<MilestoneKey>([regime.closingMilestone]);
  for (const rule of regime.rules) {
    if (rule.anchor.from === 'milestone' && reached.has(rule.anchor.key)) {
      reached.add(rule.key);
      after.add(rule.key);
    }
  }
  return after;
}

/** A case's milestones with what closing means for each (see `CaseMilestone`). */
export function caseMilestones(input: NextDueInput): CaseMilestone[] {
  const regime = regimeForType(input.typeId);
  const after = afterClosingKeys(regime);
  const closingRecorded =
    regime.closingMilestone !== undefined && input.completed[regime.closingMilestone] !== undefined;
  return computeMilestones({
    typeId: input.typeId,
    receivedAt: input.receivedAt,
    completed: input.completed,
    now: input.now,
  }).map((m) => ({
    ...m,
    afterClosing: after.has(m.key),
    recordedByClosing: m.key === regime.closingMilestone,
    tracked: !input.closed || (closingRecorded && after.has(m.key)),
  }));
}

/** The earliest pending tracked milestone of a case (Santiago civil date), or null: what the inbox sorts by. */
export function nextDueDate(input: NextDueInput): CivilDate | null {
  return nextDeadline(caseMilestones(input).filter((m) => m.tracked));
}

/** What closing the case today leaves open, for the confirmation it asks for. */
export interface OpenAtClosing {
  /** The closing milestone when closing records it now (it was not recorded before), else null. */
  records: MilestoneKey | null;
  /** Not done and not a duty after closing: they will show as not recorded. */
  unrecorded: CaseMilestone[];
  /** Duties after closing still pending, with their due dates counted from today's closing. */
  afterClosing: CaseMilestone[];
}

export function openAtClosing(input: Omit<NextDueInput, 'closed'>): OpenAtClosing {
  const regime = regimeForType(input.typeId);
  const key = regime.closingMilestone;
  const records = key !== undefined && input.completed[key] === undefined ? key : null;
  const completed = records ? { ...input.completed, [records]: input.now } : input.completed;
  const open = caseMilestones({ ...input, completed, closed: true }).filter(
    (m) => m.state !== 'done',
  );
  return {
    records,
    unrecorded: open.filter((m) => !m.tracked),
    afterClosing: open.filter((m) => m.tracked),
  };
}

/** The keys of `openAtClosing`, in legal order: what a confirmation of the closing must name. */
export const openKeys = (open: OpenAtClosing): MilestoneKey[] =>
  [...open.unrecorded, ...open.afterClosing].map((m) => m.key);

/** The next due date of a complaint just received: nothing completed yet. */
export const firstDueDate = (typeId: number, receivedAt: Date): CivilDate | null =>
  nextDueDate({ typeId, receivedAt, completed: {}, closed: false, now: receivedAt });
