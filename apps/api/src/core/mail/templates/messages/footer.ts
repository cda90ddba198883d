import { webPaths, webUrl } from '@canal/shared';
import type { OrgNames } from '../content';

export const complainantFooter = (org: OrgNames): string[] => [
  `Este mensaje fue enviado automáticamente por el canal de denuncias ${org.ofName}. ` +
    'Por favor, no responda a este correo: para comunicarse con el equipo a cargo, use el canal ' +
    'con su código de seguimiento.',
  'El canal es confidencial. Nunca le pediremos su contraseña por correo.',
];

export const staffFooter = (org: OrgNames): string[] => [
  `Mensaje automático de la gestión de casos del canal de denuncias ${org.ofName}.`,
  'Por confidencialidad, estos correos nunca incluyen datos de las personas ni hechos de los ' +
    'casos. No reenvíe este mensaje.',
];

/** Where a forgotten password is replaced, named as the home page names the link. */
export const FORGOT_PASSWORD = '«Olvidé la contraseña de mi denuncia»';

/** The organisation's privacy notice on its own portal (Law 21.719's information duty). */
export const privacyUrl = (portalUrl: string) => webUrl(portalUrl, webPaths.privacyNotice());
