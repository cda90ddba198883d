import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, formatDate, ticketCode } from '../format';
import { FORGOT_PASSWORD, complainantFooter, privacyUrl } from './footer';

/** Sent once the complaint is committed: the code, how to follow it, what to expect. */
export function confirmation(message: MailMessageOf<'confirmation'>, org: OrgNames): MailContent {
  const code = ticketCode(message.ticket);
  const date = formatDate(message.createdAt);
  const portalUrl = absoluteUrl(message.portalUrl, 'portalUrl');
  return {
    subject: `${SUBJECT_PREFIX} Código de seguimiento ${code}`,
    preheader: 'Recibimos su denuncia. Aquí tiene su código y cómo hacer el seguimiento.',
    heading: 'Recibimos su denuncia',
    blocks: [
      p('Hola:'),
      p(
        'Su denuncia fue recibida el ',
        strong(date),
        ` en el canal de denuncias ${org.ofName}. Gracias por confiar en nosotros: sabemos que ` +
          'dar este paso no siempre es fácil.',
      ),
      { type: 'code', label: 'Su código de seguimiento', code },
      p(
        'Guárdelo en un lugar seguro y no lo comparta. Con este código y la contraseña que ' +
          'creó al ingresar la denuncia podrá revisar su estado, leer las respuestas del ' +
          'equipo a cargo y agregar comentarios o archivos.',
      ),
      { type: 'subheading', text: 'Cómo hacer el seguimiento' },
      {
        type: 'steps',
        items: [
          ['Entre al canal de denuncias con el botón de abajo.'],
          [
            'En «Consultar estado de su denuncia», escriba su código de seguimiento y la ' +
              'contraseña que creó.',
          ],
          ['Presione «Consultar denuncia».'],
        ],
      },
      { type: 'button', label: 'Ir al canal de denuncias', href: portalUrl },
      p(
        'Por su seguridad, este correo no incluye su contraseña ni el contenido de su denuncia. ' +
          `Si olvida la contraseña, puede crear una nueva desde el canal con la opción ${FORGOT_PASSWORD}.`,
      ),
      { type: 'subheading', text: 'Sus datos personales' },
      p(
        'Quién trata sus datos, para qué, por cuánto tiempo, y cómo pedir acceso, corrección o ' +
          'supresión está en el aviso de privacidad del canal.',
      ),
      { type: 'button', label: 'Leer el aviso de privacidad', href: privacyUrl(portalUrl) },
      { type: 'subheading', text: 'Qué pasará ahora' },
      p(
        'Su denuncia será revisada de forma confidencial por las personas encargadas de ' +
          'investigarla. No recibirá una respuesta inmediata: cuando haya novedades le ' +
          'avisaremos a este correo, sin incluir detalles, y podrá leerlas en el canal.',
      ),
      {
        type: 'notice',
        tone: 'alert',
        title: 'Este canal no es un servicio de emergencias',
        paragraphs: [
          [
            'Si usted u otra persona está en peligro ahora, llame al ',
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
