import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, formatDate, ticketCode } from '../format';
import { FORGOT_PASSWORD, complainantFooter } from './footer';

/** Sent once the complaint is committed: the code, how to follow it, what to expect. */
export function confirmation(message: MailMessageOf<'confirmation'>, org: OrgNames): MailContent {
  const code = ticketCode(message.ticket);
  const date = formatDate(message.createdAt);
  const portalUrl = absoluteUrl(message.portalUrl, 'portalUrl');
  return {
    subject: `${SUBJECT_PREFIX} Código de seguimiento ${code}`,
    preheader: 'Recibimos tu denuncia. Aquí tienes tu código y cómo hacer el seguimiento.',
    heading: 'Recibimos tu denuncia',
    blocks: [
      p('Hola:'),
      p(
        'Tu denuncia fue recibida el ',
        strong(date),
        ` en el canal de denuncias ${org.ofName}. Gracias por confiar en nosotros: sabemos que ` +
          'dar este paso no siempre es fácil.',
      ),
      { type: 'code', label: 'Tu código de seguimiento', code },
      p(
        'Guárdalo en un lugar seguro y no lo compartas. Con este código y la contraseña que ' +
          'creaste al ingresar la denuncia podrás revisar su estado, leer las respuestas del ' +
          'equipo a cargo y agregar comentarios o archivos.',
      ),
      { type: 'subheading', text: 'Cómo hacer el seguimiento' },
      {
        type: 'steps',
        items: [
          ['Entra al canal de denuncias con el botón de abajo.'],
          [
            'En «Consultar estado de su denuncia», escribe tu código de seguimiento y la ' +
              'contraseña que creaste.',
          ],
          ['Presiona «Consultar denuncia».'],
        ],
      },
      { type: 'button', label: 'Ir al canal de denuncias', href: portalUrl },
      p(
        'Por tu seguridad, este correo no incluye tu contraseña ni el contenido de tu denuncia. ' +
          `Si olvidas la contraseña, puedes crear una nueva desde el canal con la opción ${FORGOT_PASSWORD}.`,
      ),
      { type: 'subheading', text: 'Qué pasará ahora' },
      p(
        'Tu denuncia será revisada de forma confidencial por las personas encargadas de ' +
          'investigarla. No recibirás una respuesta inmediata: cuando haya novedades te ' +
          'avisaremos a este correo, sin incluir detalles, y podrás leerlas en el canal.',
      ),
      {
        type: 'notice',
        tone: 'alert',
        title: 'Este canal no es un servicio de emergencias',
        paragraphs: [
          [
            'Si tú u otra persona están en peligro ahora, llama al ',
            strong('133'),
            ' (Carabineros) o al ',
            strong('131'),
            ' (SAMU, ambulancias).',
          ],
        ],
      },
    ],
    footer: complainantFooter(org),
  };
}
