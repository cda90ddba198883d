import { computeMilestones, nextDeadline, type CivilDate, type MilestoneKey } from '.';

export interface NextDueInput {
  typeId: number;
  receivedAt: Date;
  completed: Partial<Record<MilestoneKey, Date>>;
  /** A closed case has nothing left to meet. */
  closed: boolean;
  now: Date;
}

/** The earliest pending legal milestone of a case (Santiago civil date), or null: what the inbox sorts by. */
export function nextDueDate(input: NextDueInput): CivilDate | null {
  if (input.closed) return null;
  return nextDeadline(
    computeMilestones({
      typeId: input.typeId,
      receivedAt: input.receivedAt,
      completed: input.completed,
      now: input.now,
    }),
  );
}

/** The next due date of a complaint just received: nothing completed yet. */
export const firstDueDate = (typeId: number, receivedAt: Date): CivilDate | null =>
  nextDueDate({ typeId, receivedAt, completed: {}, closed: false, now: receivedAt });
