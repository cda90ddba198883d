import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, minutes, ticketCode } from '../format';
import { FORGOT_PASSWORD, complainantFooter } from './footer';

/** A single-use link to set a new password; passwords themselves are never mailed. */
export function passwordReset(
  message: MailMessageOf<'password-reset'>,
  org: OrgNames,
): MailContent {
  const code = ticketCode(message.ticket);
  const resetUrl = absoluteUrl(message.resetUrl, 'resetUrl');
  const validFor = minutes(message.expiresMinutes);
  return {
    subject: `${SUBJECT_PREFIX} Restablecer contraseña del código ${code}`,
    preheader: `Cree una nueva contraseña con este enlace. Vence en ${validFor}.`,
    heading: 'Cree una nueva contraseña',
    blocks: [
      p('Hola:'),
      p(
        'Recibimos una solicitud para restablecer la contraseña de la denuncia con código de ' +
          'seguimiento ',
        strong(code),
        ` en el canal de denuncias ${org.ofName}.`,
      ),
      { type: 'button', label: 'Crear una nueva contraseña', href: resetUrl },
      p(
        'El enlace vence en ',
        strong(validFor),
        ' y se puede usar una sola vez. Si vence, puede pedir otro desde el canal con la ' +
          `opción ${FORGOT_PASSWORD}.`,
      ),
      p(
        'Por su seguridad, nunca le enviaremos su contraseña por correo ni se la pediremos por este medio.',
      ),
      {
        type: 'notice',
        tone: 'info',
        title: '¿No fue usted?',
        paragraphs: [
          [
            'Puede ignorar este correo. Su contraseña actual seguirá funcionando y nadie podrá ' +
              'cambiarla sin este enlace.',
          ],
        ],
      },
    ],
    footer: complainantFooter(org),
  };
}
