import type { Db } from '../../db/database';

export interface ClaimedMail {
  id: number;
  organization_id: string;
  payload_enc: string;
  attempts: number;
}

/** The outbox table: SQL only (sealing, rendering and sending are the Outbox's). */
export const outboxStore = {
  async insert(tx: Db, kind: string, organizationId: string, payloadEnc: string): Promise<void> {
    await tx.query('INSERT INTO outbox (kind, organization_id, payload_enc) VALUES ($1, $2, $3)', [
      kind,
      organizationId,
      payloadEnc,
    ]);
  },

  /** Claims up to `batch` due messages for five minutes; safe from several processes. */
  claimDue(db: Db, batch: number): Promise<ClaimedMail[]> {
    return db.query<ClaimedMail>(
      `UPDATE outbox SET status = 'sending', locked_until = now() + interval '5 minutes'
        WHERE id IN (
          SELECT id FROM outbox
           WHERE (status = 'pending' AND next_attempt_at <= now())
              OR (status = 'sending' AND locked_until < now())
           ORDER BY id LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, organization_id, payload_enc, attempts`,
      [batch],
    );
  },

  async markSent(db: Db, id: number): Promise<void> {
    await db.query(
      `UPDATE outbox SET status = 'sent', sent_at = now(), payload_enc = NULL, locked_until = NULL,
              attempts = attempts + 1, last_error = NULL WHERE id = $1`,
      [id],
    );
  },

  async markFailed(
    db: Db,
    id: number,
    status: 'failed' | 'pending',
    attempts: number,
    retryInSeconds: number,
    error: string,
  ): Promise<void> {
    await db.query(
      `UPDATE outbox SET status = $2, attempts = $3, locked_until = NULL,
              next_attempt_at = now() + make_interval(secs => $4), last_error = $5 WHERE id = $1`,
      [id, status, attempts, retryInSeconds, error],
    );
  },

  /** Gives claimed rows back unsent (a process stopping): pending and due at once. */
  async release(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.query(
      `UPDATE outbox SET status = 'pending', locked_until = NULL, next_attempt_at = now()
        WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
      [ids],
    );
  },

  /** Queue depth, age of the oldest unsent message and messages given up on (metrics). */
  async stats(db: Db): Promise<{ pending: number; oldestPendingSeconds: number; failed: number }> {
    const [row] = await db.query<{ pending: number; oldest: number | null; failed: number }>(
      `SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS pending,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE status IN ('pending', 'sending')))::float8 AS oldest,
              count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM outbox WHERE status <> 'sent'`,
    );
    return {
      pending: row?.pending ?? 0,
      oldestPendingSeconds: row?.oldest ?? 0,
      failed: row?.failed ?? 0,
    };
  },

  async makePendingDue(db: Db): Promise<void> {
    await db.query(`UPDATE outbox SET next_attempt_at = now() WHERE status = 'pending'`);
  },
};
