import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, clean } from '../format';
import { staffFooter } from './footer';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The assignee's overdue and soon-due milestones, overdue first. */
export function staffDeadlines(
  message: MailMessageOf<'staff-deadlines'>,
  org: OrgNames,
): MailContent {
  if (message.items.length === 0) {
    throw new RangeError('renderMail: staff-deadlines needs at least one item');
  }
  const backOfficeUrl = absoluteUrl(message.backOfficeUrl, 'backOfficeUrl');
  const items = message.items
    .map((item) => ({
      caseNumber: clean(item.caseNumber),
      milestone: clean(item.milestone),
      dueDate: clean(item.dueDate),
      overdue: item.overdue === true,
    }))
    // Array.prototype.sort is stable: within each group the caller's order stays.
    .sort((a, b) => Number(b.overdue) - Number(a.overdue));
  const overdue = items.filter((i) => i.overdue).length;
  const upcoming = items.length - overdue;
  const summary = [
    overdue > 0 ? plural(overdue, 'plazo vencido', 'plazos vencidos') : '',
    upcoming > 0 ? plural(upcoming, 'plazo por vencer', 'plazos por vencer') : '',
  ]
    .filter(Boolean)
    .join(' y ');
  return {
    subject: `${SUBJECT_PREFIX} ${summary}`,
    preheader: `Tiene ${summary} en la gestión de casos.`,
    heading: 'Plazos que requieren atención',
    blocks: [
      p('Hola:'),
      p('Estos son los plazos de sus casos que están vencidos o por vencer:'),
      {
        type: 'table',
        columns: ['Caso', 'Hito', 'Vence', 'Estado'],
        rows: items.map((i) => [
          strong(i.caseNumber),
          i.milestone,
          i.dueDate,
          i.overdue ? strong('Vencido', 'alert') : 'Por vencer',
        ]),
      },
      p('Revise cada caso y registre lo realizado para que la bitácora quede al día.'),
      { type: 'button', label: 'Abrir la gestión de casos', href: backOfficeUrl },
    ],
    footer: staffFooter(org),
  };
}
