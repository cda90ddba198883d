import type { Db } from '../../db/database';

export interface ClaimedMail {
  id: number;
  organization_id: string;
  payload_enc: string;
  attempts: number;
  created_at: Date;
}

/** The outbox table: SQL only (sealing, rendering and sending are the Outbox's). */
export const outboxStore = {
  /**
   * Inserts a mail with its claim priority, due at once or not before `notBefore`; `complaintId`
   * is the case it is about (its erasure deletes the row), null for none.
   */
  async insert(
    tx: Db,
    kind: string,
    organizationId: string,
    complaintId: number | null,
    payloadEnc: string,
    priority: number,
    notBefore?: Date,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO outbox (kind, organization_id, complaint_id, payload_enc, priority, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()))`,
      [kind, organizationId, complaintId, payloadEnc, priority, notBefore ?? null],
    );
  },

  /**
   * Inserts a mail that waits `waitSeconds` before it is due, or — when a message with the same
   * key is still pending — replaces that one's payload and keeps its due time: one mail, the
   * newest content. Atomic (`ON CONFLICT` on the partial unique index), so it holds across
   * processes; a row a drain has claimed has lost its key and is never changed.
   */
  async insertCoalesced(
    tx: Db,
    kind: string,
    organizationId: string,
    complaintId: number | null,
    payloadEnc: string,
    priority: number,
    key: string,
    waitSeconds: number,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO outbox (kind, organization_id, complaint_id, payload_enc, priority, coalesce_key, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
       ON CONFLICT (coalesce_key) WHERE status = 'pending'
       DO UPDATE SET payload_enc = EXCLUDED.payload_enc`,
      [kind, organizationId, complaintId, payloadEnc, priority, key, waitSeconds],
    );
  },

  /**
   * Claims the next due message under a lease of its own (`lease_id`, until `locked_until`): a
   * pending one whose time has come, or one whose lease lapsed (its drain died); the highest
   * priority first, then the oldest. Safe from several processes (`SKIP LOCKED`); null when
   * nothing is due. A claimed message takes no more merges.
   */
  async claimNext(db: Db, leaseId: string, leaseMs: number): Promise<ClaimedMail | null> {
    const [row] = await db.query<ClaimedMail>(
      `UPDATE outbox SET status = 'sending', lease_id = $1, coalesce_key = NULL,
              locked_until = now() + make_interval(secs => $2::float8 / 1000)
        WHERE id = (
          SELECT id FROM outbox
           WHERE (status = 'pending' AND next_attempt_at <= now())
              OR (status = 'sending' AND locked_until < now())
           ORDER BY priority DESC, id LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, organization_id, payload_enc, attempts, created_at`,
      [leaseId, leaseMs],
    );
    return row ?? null;
  },

  /** Extends a lease still held; false when it was lost (it lapsed and another drain took it). */
  async renewLease(db: Db, id: number, leaseId: string, leaseMs: number): Promise<boolean> {
    const rows = await db.query(
      `UPDATE outbox SET locked_until = now() + make_interval(secs => $3::float8 / 1000)
        WHERE id = $1 AND lease_id = $2 AND status = 'sending' RETURNING 1`,
      [id, leaseId, leaseMs],
    );
    return rows.length > 0;
  },

  /** Marks a message sent, if this lease still holds it; the sealed recipient and data go. */
  async markSent(db: Db, id: number, leaseId: string): Promise<void> {
    await db.query(
      `UPDATE outbox SET status = 'sent', sent_at = now(), payload_enc = NULL, locked_until = NULL,
              lease_id = NULL, attempts = attempts + 1, last_error = NULL
        WHERE id = $1 AND lease_id = $2 AND status = 'sending'`,
      [id, leaseId],
    );
  },

  async markFailed(
    db: Db,
    id: number,
    leaseId: string,
    failure: {
      status: 'failed' | 'pending';
      attempts: number;
      retryInSeconds: number;
      error: string;
    },
  ): Promise<void> {
    await db.query(
      `UPDATE outbox SET status = $3, attempts = $4, locked_until = NULL, lease_id = NULL,
              next_attempt_at = now() + make_interval(secs => $5), last_error = $6
        WHERE id = $1 AND lease_id = $2 AND status = 'sending'`,
      [id, leaseId, failure.status, failure.attempts, failure.retryInSeconds, failure.error],
    );
  },

  /** Gives a claimed message back unsent (a process stopping): pending and due at once. */
  async release(db: Db, id: number, leaseId: string): Promise<void> {
    await db.query(
      `UPDATE outbox SET status = 'pending', locked_until = NULL, lease_id = NULL, next_attempt_at = now()
        WHERE id = $1 AND lease_id = $2 AND status = 'sending'`,
      [id, leaseId],
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
