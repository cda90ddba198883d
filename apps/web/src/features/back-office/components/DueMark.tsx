import { civilDate, isoTodayInChile } from './format';

export type DueState = 'overdue' | 'soon' | 'pending' | 'done' | 'no_registrado' | 'none';

const MARKS: Partial<Record<DueState, { text: string; icon: string; style: string }>> = {
  overdue: { text: 'Vencido', icon: '!', style: 'border-red-700 bg-red-50 text-red-800' },
  // A glyph every system font has (an emoji clock shows as an empty box where no emoji font is installed).
  soon: { text: 'Vence pronto', icon: '◷', style: 'border-amber-700 bg-amber-50 text-amber-900' },
};

/** A milestone still open whose last day is today (issue 22): said as such, not "pronto". */
const DUE_TODAY = {
  text: 'Vence hoy',
  icon: '◷',
  style: 'border-red-700 bg-amber-50 text-red-800',
};

/** A due date with its mark: the state is written in words, the colour only repeats it. */
export function DueMark({ date, state }: { date: string | null; state: DueState }) {
  const dueToday =
    date !== null && (state === 'soon' || state === 'pending') && date === isoTodayInChile();
  const mark = dueToday ? DUE_TODAY : MARKS[state];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="tabular-nums">{date ? civilDate(date) : 'Sin plazo pendiente'}</span>
      {mark && (
        <span
          className={`inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-bold ${mark.style}`}
        >
          <span aria-hidden="true">{mark.icon}</span>
          {mark.text}
        </span>
      )}
    </span>
  );
}

/** The mark of a case's next due date from the inbox flags. */
export const caseDueState = (c: {
  overdue: boolean;
  dueSoon: boolean;
  nextDue: string | null;
}): DueState =>
  c.nextDue === null ? 'none' : c.overdue ? 'overdue' : c.dueSoon ? 'soon' : 'pending';
