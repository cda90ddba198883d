import type { Db } from '../db/database';
import { clientLimitStore } from '../core/auth/client-limit-store';

/**
 * Days a mail sent or given up stays in the outbox after it was queued (decision 0065): long
 * enough for administrators to see a given-up one in the back office (they are mailed at once);
 * then its sealed recipient and data, and what it says of whom, go.
 */
export const OUTBOX_KEPT_DAYS = 30;

/**
 * The sweep's deletions of expired rows: spent bot tokens, old sessions, links, counters and
 * finished mail.
 */
export const maintenanceRepository = {
  async deleteExpired(db: Db): Promise<void> {
    await db.query('DELETE FROM bot_tokens_used WHERE expires_at < now()');
    await db.query(
      `DELETE FROM complainant_sessions WHERE last_seen_at < now() - interval '1 day'`,
    );
    await db.query(`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
    for (const table of ['login_throttle', 'staff_login_throttle', 'staff_client_throttle']) {
      await db.query(
        `DELETE FROM ${table} WHERE window_started_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`,
      );
    }
    await db.query(`DELETE FROM staff_sessions WHERE last_seen_at < now() - interval '1 day'`);
    await clientLimitStore.deleteExpired(db);
    // Heartbeats of instances that died without saying so.
    await db.query(`DELETE FROM instances WHERE seen_at < now() - interval '1 day'`);
    await db.query(`DELETE FROM staff_invitations WHERE expires_at < now() - interval '30 days'`);
    await db.query(
      `DELETE FROM outbox WHERE status IN ('sent', 'failed')
          AND created_at < now() - make_interval(days => $1)`,
      [OUTBOX_KEPT_DAYS],
    );
  },
};
