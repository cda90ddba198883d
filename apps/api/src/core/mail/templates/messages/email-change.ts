import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, hours, ticketCode } from '../format';
import { complainantFooter } from './footer';

/**
 * Sent to the NEW contact address a complainant typed (Law 21.719, rectification): the change
 * takes effect only when this link is opened, so a typo or someone else's address changes nothing.
 * Neutral like every complainant mail: the code, never the facts.
 */
export function emailChange(message: MailMessageOf<'email-change'>, org: OrgNames): MailContent {
  const code = ticketCode(message.ticket);
  const confirmUrl = absoluteUrl(message.confirmUrl, 'confirmUrl');
  const validFor = hours(message.expiresHours);
  return {
    subject: `${SUBJECT_PREFIX} Confirme su nuevo correo de contacto`,
    preheader: `Confirme esta dirección para la denuncia ${code}. El enlace vence en ${validFor}.`,
    heading: 'Confirme su nuevo correo de contacto',
    blocks: [
      p('Hola:'),
      p(
        'Se pidió usar esta dirección como correo de contacto de la denuncia con código de ' +
          'seguimiento ',
        strong(code),
        ` en el canal de denuncias ${org.ofName}.`,
      ),
      { type: 'button', label: 'Confirmar mi nuevo correo', href: confirmUrl },
      p(
        'El enlace vence en ',
        strong(validFor),
        ' y se puede usar una sola vez. Hasta que lo abra, los avisos siguen llegando a la dirección anterior.',
      ),
      {
        type: 'notice',
        tone: 'info',
        title: '¿No fue usted?',
        paragraphs: [['Puede ignorar este correo: sin este enlace no cambia nada.']],
      },
    ],
    footer: complainantFooter(org),
  };
}
