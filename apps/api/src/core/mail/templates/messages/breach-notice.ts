import type { MailMessageOf } from '../types';
import { p, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, ticketCode } from '../format';
import { FORGOT_PASSWORD, complainantFooter, privacyUrl } from './footer';

/**
 * Law 21.719 (issue 19): tells a complainant that a security incident may have reached the data of
 * their complaint. Neutral like every complainant mail: no facts, no data kinds, no names; the
 * notice itself is an entry of the complaint's log, read after signing in.
 */
export function breachNotice(message: MailMessageOf<'breach-notice'>, org: OrgNames): MailContent {
  const code = ticketCode(message.ticket);
  const portalUrl = absoluteUrl(message.portalUrl, 'portalUrl');
  return {
    subject: `${SUBJECT_PREFIX} Aviso sobre la seguridad de sus datos (código ${code})`,
    preheader: 'Tiene un aviso importante sobre sus datos personales en el canal de denuncias.',
    heading: 'Aviso sobre la seguridad de sus datos',
    blocks: [
      p('Hola:'),
      p(
        `Le escribimos porque el canal de denuncias ${org.ofName} registró un incidente de ` +
          'seguridad que pudo afectar datos de su denuncia. Le dejamos un aviso con lo que ' +
          'ocurrió, lo que hicimos y cómo ejercer sus derechos en el historial de su denuncia.',
      ),
      { type: 'facts', items: [{ label: 'Código de seguimiento', value: code }] },
      p(
        'Por confidencialidad, este correo no incluye el detalle. Para leerlo, entre al canal con ' +
          'su código de seguimiento y la contraseña que creó.',
      ),
      { type: 'button', label: 'Revisar mi denuncia', href: portalUrl },
      { type: 'button', label: 'Leer el aviso de privacidad', href: privacyUrl(portalUrl) },
      p(`Si olvidó la contraseña, puede crear una nueva con la opción ${FORGOT_PASSWORD}.`),
    ],
    footer: complainantFooter(org),
  };
}
