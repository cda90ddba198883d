import { staffInviteSchema } from '@canal/shared';
import { parseOrThrow } from '../../http/validation';
import type { Services } from '../../core/services';
import { createStaffUser } from './invitations';

/**
 * An administrator created from the command line (the first one, or a break-glass one): no
 * password exists until they open the one-time activation link, set one and enrol TOTP. The link
 * is handed back instead of mailed, so it works before any mail is configured. They name no
 * organisation, so they work on all of them: every organisation's new complaints and deadlines
 * reach someone from the start (decision 0033).
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
    organizaciones: [],
  });
  let link = '';
  await createStaffUser(services, null, input, async (_tx, url) => {
    link = url;
  });
  return link;
}
