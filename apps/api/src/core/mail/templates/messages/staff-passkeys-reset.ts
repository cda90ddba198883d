import type { MailMessageOf } from '../types';
import { p, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl } from '../format';
import { staffFooter } from './footer';

/**
 * An administrator reset the person's passkeys (decision 0076). Neutral: no name of who did it,
 * no device, nothing of a case; only what happened and how to sign in again.
 */
export function staffPasskeysReset(
  message: MailMessageOf<'staff-passkeys-reset'>,
  org: OrgNames,
): MailContent {
  const signInUrl = absoluteUrl(message.signInUrl, 'signInUrl');
  return {
    subject: `${SUBJECT_PREFIX} Se restablecieron sus llaves de acceso`,
    preheader: 'Una persona administradora eliminó las llaves de acceso de su cuenta.',
    heading: 'Sus llaves de acceso se restablecieron',
    blocks: [
      p('Hola:'),
      p(
        `Una persona administradora de la gestión de casos del canal de denuncias ${org.ofName} ` +
          'eliminó las llaves de acceso de su cuenta y cerró sus sesiones abiertas.',
      ),
      p(
        'Para volver a ingresar, use su correo, su contraseña y el código de su aplicación de ' +
          'autenticación. Después puede registrar una llave de acceso nueva en «Mis sesiones».',
      ),
      { type: 'button', label: 'Ingresar a la gestión de casos', href: signInUrl },
      {
        type: 'notice',
        tone: 'info',
        title: '¿No lo pidió usted?',
        paragraphs: [['Avise a una persona administradora de su organización.']],
      },
    ],
    footer: staffFooter(org),
  };
}
