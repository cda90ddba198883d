import type { Db } from '../../db/database';
import { mailAdministrators } from './administrators';
import type { Outbox } from '../../core/mail/outbox';
import { failedMailStore as store } from './failed-mail-store';

/** The kind of the alert itself: its own failure is listed in the back office, never mailed again. */
export const MAIL_FAILED_ALERT = 'staff-mail-failed';

/**
 * Called by the outbox when it gives a message up after its last attempt: every active
 * administrator is mailed (kind and attempts only). A failed alert is not alerted about, so a
 * broken mail server cannot feed a loop; it still shows in the back-office list.
 */
export async function alertAdministratorsOfGiveUp(
  outbox: Outbox,
  db: Db,
  given: { id: number; attempts: number },
  backOfficeUrl: string,
): Promise<void> {
  const failed = await store.byId(db, given.id);
  if (!failed || failed.kind === MAIL_FAILED_ALERT) return;
  const admins = await store.administratorEmails(db);
  if (admins.length === 0) return;
  await db.transaction((tx) =>
    mailAdministrators(outbox, tx, admins, {
      kind: MAIL_FAILED_ALERT,
      mailKind: failed.kind,
      attempts: given.attempts,
      backOfficeUrl,
    }),
  );
}
