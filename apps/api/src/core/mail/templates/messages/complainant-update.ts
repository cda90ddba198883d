import { MESSAGES, STATUS_CLOSED } from '@canal/shared';
import type { MailMessageOf } from '../types';
import { p, type Block, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, clean, ticketCode } from '../format';
import { FORGOT_PASSWORD, complainantFooter } from './footer';

/** The status the complainant can act on: it opens uploads on the detail page. */
const MISSING_INFORMATION = 'faltan antecedentes';

/** Says that something changed and where to read it; never what the reply says. */
export function complainantUpdate(
  message: MailMessageOf<'complainant-update'>,
  org: OrgNames,
): MailContent {
  const code = ticketCode(message.ticket);
  const status = clean(message.status);
  const portalUrl = absoluteUrl(message.portalUrl, 'portalUrl');
  const asksForMore: Block[] =
    status.toLowerCase() === MISSING_INFORMATION
      ? [
          p(
            'Se necesitan más antecedentes para continuar. Desde el detalle de su denuncia puede ' +
              'agregar un comentario y adjuntar archivos.',
          ),
        ]
      : [];
  // Closing: where else the complainant may go (Law 21.643), in the words the portal uses too.
  const rights: Block[] =
    status.toLowerCase() === STATUS_CLOSED.toLowerCase() ? [p(MESSAGES.complainantRights)] : [];
  return {
    subject: `${SUBJECT_PREFIX} Actualización del código ${code}`,
    preheader: 'Hay novedades en su denuncia. Ingrese al canal para revisarlas.',
    heading: `Su denuncia ${code} tiene una actualización`,
    blocks: [
      p('Hola:'),
      p(
        `El equipo a cargo registró una novedad en su denuncia en el canal de denuncias ${org.ofName}.`,
      ),
      {
        type: 'facts',
        items: [
          { label: 'Código de seguimiento', value: code },
          { label: 'Estado', value: status },
        ],
      },
      ...asksForMore,
      ...rights,
      p(
        'Por confidencialidad, este correo no incluye el detalle. Para leerlo, entre al canal con ' +
          'su código de seguimiento y la contraseña que creó.',
      ),
      { type: 'button', label: 'Revisar mi denuncia', href: portalUrl },
      p(`Si olvidó la contraseña, puede crear una nueva con la opción ${FORGOT_PASSWORD}.`),
    ],
    footer: complainantFooter(org),
  };
}
