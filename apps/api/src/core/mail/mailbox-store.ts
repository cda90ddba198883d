import type { Db } from '../../db/database';

/** The development mailbox table: sealed messages, newest first. */
export const mailboxStore = {
  async insert(db: Db, messageEnc: string): Promise<void> {
    await db.query('INSERT INTO mailbox (message_enc) VALUES ($1)', [messageEnc]);
  },

  list(db: Db, limit: number) {
    return db.query<{ id: number; message_enc: string; created_at: Date }>(
      'SELECT id, message_enc, created_at FROM mailbox ORDER BY id DESC LIMIT $1',
      [limit],
    );
  },
};
