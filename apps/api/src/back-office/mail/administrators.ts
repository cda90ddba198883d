import { HEAD_OFFICE_ID } from '@canal/shared';
import type { Db } from '../../db/database';
import type { Outbox } from '../../core/mail/outbox';
import type { MailMessage } from '../../core/mail/templates';

/**
 * Queues `message` to each administrator's address, in the head office's brand, inside the
 * caller's transaction (the give-up alert and the daily digest).
 */
export async function mailAdministrators(
  outbox: Outbox,
  tx: Db,
  addresses: readonly string[],
  message: MailMessage,
): Promise<void> {
  for (const to of addresses)
    await outbox.enqueue(tx, { to, organizationId: HEAD_OFFICE_ID, complaintId: null, message });
}
