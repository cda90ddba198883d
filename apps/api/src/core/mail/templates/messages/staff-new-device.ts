import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, clean } from '../format';
import { staffFooter } from './footer';

/**
 * A sign-in from a device the person had not used before (issue 24). Neutral: the browser and
 * system read from the user agent, never the address, a place or anything of a case.
 */
export function staffNewDevice(
  message: MailMessageOf<'staff-new-device'>,
  org: OrgNames,
): MailContent {
  const device = clean(message.device);
  const sessionsUrl = absoluteUrl(message.sessionsUrl, 'sessionsUrl');
  return {
    subject: `${SUBJECT_PREFIX} Nuevo ingreso a la gestión de casos`,
    preheader: 'Se ingresó a su cuenta desde un dispositivo que no había usado antes.',
    heading: 'Nuevo ingreso a su cuenta',
    blocks: [
      p('Hola:'),
      p(
        `Se ingresó a su cuenta de la gestión de casos del canal de denuncias ${org.ofName} ` +
          'desde un dispositivo que no había usado antes: ',
        strong(device || 'dispositivo desconocido'),
        '.',
      ),
      p('Si fue usted, no necesita hacer nada.'),
      { type: 'button', label: 'Revisar mis sesiones', href: sessionsUrl },
      {
        type: 'notice',
        tone: 'info',
        title: '¿No fue usted?',
        paragraphs: [
          [
            'Cierre esa sesión desde «Mis sesiones» y avise a un administrador, que puede ' +
              'restablecer su acceso.',
          ],
        ],
      },
    ],
    footer: staffFooter(org),
  };
}
