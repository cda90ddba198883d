import { RETALIATION_DUE_WORKING_DAYS } from '@canal/shared';
import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, clean } from '../format';
import { staffFooter } from './footer';

const WHAT_HAPPENED = {
  comentario: 'agregó un comentario',
  comentario_cierre: 'agregó un comentario',
  archivos: 'adjuntó archivos',
  solicitud_reemplazo: 'solicitó el cambio de la persona investigadora',
  represalias: 'informó haber sufrido represalias',
  transcripcion: 'revisó la transcripción de su denuncia oral',
} as const;

/**
 * Tells the assigned staff that the complainant wrote or uploaded, or the administrators that they
 * asked for another investigator, or both that they wrote on a closed case (decision 0034): by case
 * number only.
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
      p(
        `La persona denunciante ${what} en el caso `,
        strong(caseNumber),
        message.activity === 'comentario_cierre' || message.activity === 'represalias'
          ? ', que ya está cerrado.'
          : '.',
      ),
      ...(message.activity === 'comentario_cierre'
        ? [
            p(
              'El caso sigue cerrado. Si la persona no está de acuerdo con la resolución, su ' +
                'comentario queda en el registro del caso.',
            ),
          ]
        : []),
      ...(message.activity === 'represalias'
        ? [
            p(
              `El caso está cerrado. El aviso debe atenderse en un plazo de ${RETALIATION_DUE_WORKING_DAYS} días hábiles; ` +
                'aparece en la bandeja de casos con su fecha de vencimiento.',
            ),
          ]
        : []),
      p(
        'Por confidencialidad, este correo no incluye el contenido. Puede revisarlo en la ' +
          'gestión de casos.',
      ),
      { type: 'button', label: 'Abrir en la gestión de casos', href: backOfficeUrl },
    ],
    footer: staffFooter(org),
  };
}
