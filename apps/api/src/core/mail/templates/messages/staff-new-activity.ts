import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, clean } from '../format';
import { staffFooter } from './footer';

const WHAT_HAPPENED = {
  comentario: 'agregó un comentario',
  archivos: 'adjuntó archivos',
  solicitud_reemplazo: 'solicitó el cambio de la persona investigadora',
} as const;

/**
 * Tells the assigned staff that the complainant wrote or uploaded, or the administrators that they
 * asked for another investigator: by case number only.
 */
export function staffNewActivity(
  message: MailMessageOf<'staff-new-activity'>,
  org: OrgNames,
): MailContent {
  const caseNumber = clean(message.caseNumber);
  const backOfficeUrl = absoluteUrl(message.backOfficeUrl, 'backOfficeUrl');
  const what = WHAT_HAPPENED[message.activity];
  if (!what) throw new RangeError('renderMail: unknown activity');
  return {
    subject: `${SUBJECT_PREFIX} Nueva actividad en el caso ${caseNumber}`,
    preheader: `La persona denunciante ${what}.`,
    heading: `Nueva actividad en el caso ${caseNumber}`,
    blocks: [
      p('Hola:'),
      p(`La persona denunciante ${what} en el caso `, strong(caseNumber), '.'),
      p(
        'Por confidencialidad, este correo no incluye el contenido. Puede revisarlo en la ' +
          'gestión de casos.',
      ),
      { type: 'button', label: 'Abrir en la gestión de casos', href: backOfficeUrl },
    ],
    footer: staffFooter(org),
  };
}
