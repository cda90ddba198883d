import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, clean } from '../format';
import { staffFooter } from './footer';

/** 'yyyy-mm-dd' as the other dates of the mails read: dd-mm-yyyy. */
function civilDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(clean(value));
  if (!m) throw new RangeError('renderMail: invalid date');
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/**
 * Tells a receiver of the organisation that a complaint arrived, by case number only. Under Law
 * 21.643 it also says that protective measures are due today (the day of receipt).
 */
export function staffNewComplaint(
  message: MailMessageOf<'staff-new-complaint'>,
  org: OrgNames,
): MailContent {
  const caseNumber = clean(message.caseNumber);
  const backOfficeUrl = absoluteUrl(message.backOfficeUrl, 'backOfficeUrl');
  const due = message.protectiveMeasuresDue ? civilDate(message.protectiveMeasuresDue) : null;
  return {
    // Neutral like every subject: the case and, under Law 21.643, that a deadline falls today.
    subject: `${SUBJECT_PREFIX} Nuevo caso ${caseNumber}${due ? ': un plazo vence hoy' : ''}`,
    preheader: due
      ? 'Un plazo de este caso vence hoy.'
      : 'Hay un caso nuevo en la gestión de casos.',
    heading: `Nuevo caso ${caseNumber}`,
    blocks: [
      p('Hola:'),
      p(
        `Ingresó una nueva denuncia al canal de denuncias ${org.ofName}: el caso `,
        strong(caseNumber),
        '.',
      ),
      ...(due
        ? [
            {
              type: 'notice' as const,
              tone: 'alert' as const,
              title: 'Ley N° 21.643: medidas de resguardo hoy',
              paragraphs: [
                [
                  'Esta denuncia se rige por la Ley N° 21.643. Las medidas de resguardo deben ' +
                    'adoptarse de inmediato: ',
                  strong(`vencen hoy, ${due}`, 'alert'),
                  '.',
                ],
              ],
            },
          ]
        : []),
      p(
        'Por confidencialidad, este correo no incluye el contenido de la denuncia. Puede ' +
          'revisarla en la gestión de casos.',
      ),
      { type: 'button', label: 'Abrir en la gestión de casos', href: backOfficeUrl },
    ],
    footer: staffFooter(org),
  };
}
