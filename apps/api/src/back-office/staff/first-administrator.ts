import { HEAD_OFFICE_ID, staffInviteSchema } from '@canal/shared';
import { parseOrThrow } from '../../http/validation';
import type { Services } from '../../core/services';
import { createStaffUser } from './invitations';

/**
 * An administrator created from the command line (the first one, or a break-glass one): no
 * password exists until they open the one-time activation link, set one and enrol TOTP. The link
 * is handed back instead of mailed, so it works before any mail is configured.
 */
export async function createAdministrator(
  services: Services,
  email: string,
  name: string,
): Promise<string> {
  const input = parseOrThrow(staffInviteSchema, {
    email,
    nombre: name,
    rol: 'administrador',
    organizaciones: [HEAD_OFFICE_ID],
  });
  let link = '';
  await createStaffUser(services, null, input, async (_tx, url) => {
    link = url;
  });
  return link;
}
