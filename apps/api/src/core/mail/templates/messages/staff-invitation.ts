import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, clean, hours } from '../format';
import { staffFooter } from './footer';

/** A new staff account: the link sets the password and the second factor. */
export function staffInvitation(
  message: MailMessageOf<'staff-invitation'>,
  org: OrgNames,
): MailContent {
  const name = clean(message.name);
  const inviteUrl = absoluteUrl(message.inviteUrl, 'inviteUrl');
  const validFor = hours(message.expiresHours);
  return {
    subject: `${SUBJECT_PREFIX} Invitación a la gestión de casos`,
    preheader: `Active su cuenta de la gestión de casos. La invitación vence en ${validFor}.`,
    heading: 'Le invitamos a la gestión de casos',
    blocks: [
      p(name ? `Hola, ${name}:` : 'Hola:'),
      p(
        `Se creó una cuenta para usted en la gestión de casos del canal de denuncias ${org.ofName}. ` +
          'Desde ahí podrá revisar e investigar los casos que se le asignen.',
      ),
      p(
        'Para activarla, abra el enlace, cree su contraseña y configure la verificación en dos ' +
          'pasos con una aplicación de autenticación en su teléfono.',
      ),
      { type: 'button', label: 'Activar mi cuenta', href: inviteUrl },
      p('La invitación vence en ', strong(validFor), ' y se puede usar una sola vez.'),
      {
        type: 'notice',
        tone: 'info',
        title: '¿No esperaba esta invitación?',
        paragraphs: [['Puede ignorar este correo: la cuenta no se activará sin este enlace.']],
      },
    ],
    footer: staffFooter(org),
  };
}
