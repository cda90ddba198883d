import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, formatDate, ticketCode } from '../format';
import { FORGOT_PASSWORD, complainantFooter } from './footer';

/** Every code filed with the address, newest first. Sent only when the address matched. */
export function codeRecovery(message: MailMessageOf<'code-recovery'>, org: OrgNames): MailContent {
  if (message.complaints.length === 0) {
    throw new RangeError('renderMail: code-recovery needs at least one complaint');
  }
  const portalUrl = absoluteUrl(message.portalUrl, 'portalUrl');
  const complaints = message.complaints
    .map((c) => ({ code: ticketCode(c.ticket), date: formatDate(c.createdAt), at: c.createdAt }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const one = complaints.length === 1;
  return {
    subject: `${SUBJECT_PREFIX} ${one ? 'Su código' : 'Sus códigos'} de seguimiento`,
    preheader: one
      ? 'Este es el código de seguimiento asociado a este correo.'
      : 'Estos son los códigos de seguimiento asociados a este correo.',
    heading: one ? 'Su código de seguimiento' : 'Sus códigos de seguimiento',
    blocks: [
      p('Hola:'),
      p(
        one
          ? 'Recibimos una solicitud para recuperar el código de seguimiento de la denuncia ' +
              `ingresada con este correo en el canal de denuncias ${org.ofName}. Es el siguiente:`
          : 'Recibimos una solicitud para recuperar los códigos de seguimiento de las denuncias ' +
              `ingresadas con este correo en el canal de denuncias ${org.ofName}. Son los siguientes:`,
      ),
      {
        type: 'table',
        columns: ['Código de seguimiento', 'Fecha de ingreso'],
        rows: complaints.map((c) => [strong(c.code), c.date]),
      },
      p(
        'Para revisar una denuncia, entre al canal y escriba su código junto con la contraseña ' +
          'que creó para ella.',
      ),
      { type: 'button', label: 'Ir al canal de denuncias', href: portalUrl },
      p(`Si no recuerda la contraseña, use la opción ${FORGOT_PASSWORD} en el canal.`),
      {
        type: 'notice',
        tone: 'info',
        title: '¿No pidió este correo?',
        paragraphs: [
          [
            'Puede ignorarlo con tranquilidad: no se ha cambiado nada, y nadie puede revisar ' +
              'sus denuncias en el canal sin su contraseña.',
          ],
        ],
      },
    ],
    footer: complainantFooter(org),
  };
}
