import type { Db } from '../db/database';
import { clientLimitStore } from '../core/auth/client-limit-store';

/** The sweep's deletions of expired rows: spent bot tokens, old sessions, links and counters. */
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
  },
};
