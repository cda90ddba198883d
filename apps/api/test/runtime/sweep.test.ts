import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_KEPT_DAYS } from '../../src/maintenance/repository';
import { sweep } from '../../src/runtime';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, fileAndLogin, headers, PASSWORD } from '@canal/test-support/complaints';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe('the hourly sweep', () => {
  it('removes stale sessions, spent bot tokens, old throttle rows and ended client-limit windows, and keeps live ones', async () => {
    const live = await fileAndLogin(t.app);
    const stale = await fileAndLogin(t.app);
    await t.db.query(
      `UPDATE complainant_sessions SET last_seen_at = now() - interval '2 days' WHERE complaint_id =
      (SELECT id FROM complaints WHERE ticket = $1)`,
      [stale.ticket],
    );
    await t.db.query(
      `INSERT INTO bot_tokens_used (id, expires_at) VALUES ('viejo', now() - interval '1 minute'), ('vigente', now() + interval '5 minutes')`,
    );
    await t.db.query(
      `INSERT INTO login_throttle (key, failures, window_started_at) VALUES ('antiguo', 3, now() - interval '2 days'), ('reciente', 3, now())`,
    );
    await t.db.query(
      `INSERT INTO staff_login_throttle (key, failures, window_started_at) VALUES ('antigua', 2, now() - interval '2 days')`,
    );

    await t.db.query(
      `INSERT INTO client_limits (key, hits, window_ends_at) VALUES ('vencida', 9, now() - interval '1 second'), ('en-curso', 2, now() + interval '10 minutes')`,
    );
    await t.db.query(
      `INSERT INTO staff_client_throttle (key, failures, window_started_at) VALUES ('antiguo', 2, now() - interval '2 days')`,
    );

    await sweep(t.services);

    const sessions = await t.db.query<{ ticket: number }>(
      'SELECT c.ticket FROM complainant_sessions s JOIN complaints c ON c.id = s.complaint_id',
    );
    expect(sessions.map((s) => s.ticket)).toEqual([live.ticket]);
    expect(
      (await t.db.query<{ id: string }>('SELECT id FROM bot_tokens_used')).map((r) => r.id),
    ).toEqual(['vigente']);
    expect(
      (await t.db.query<{ key: string }>('SELECT key FROM login_throttle')).map((r) => r.key),
    ).toEqual(['reciente']);
    expect(await count('staff_login_throttle')).toBe(0);
    expect(await count('staff_client_throttle')).toBe(0);
    // The filings and sign-ins above opened live windows too: those stay.
    const windows = (await t.db.query<{ key: string }>('SELECT key FROM client_limits')).map(
      (r) => r.key,
    );
    expect(windows).toContain('en-curso');
    expect(windows).not.toContain('vencida');
  });

  it('deletes mail sent or given up once its lifetime has run, a given-up code recovery with its sealed addresses too, and keeps what is younger or still due', async () => {
    const email = 'recupera.codigos@correo.cl';
    const filed = await file(
      t.app,
      denuncia({ denuncia_ticket: { email, pass: PASSWORD }, email_contacto: email }),
    );
    expect(filed.statusCode).toBe(201);
    // Its confirmation and alerts go out: sent rows, their payload erased.
    await t.services.outbox.drain(t.db, 100);
    const asked = await callApi(t.app, contract.recoverCodes, {
      headers: headers(),
      body: { email },
    });
    expect(asked.statusCode).toBe(200);
    // The lookup runs after the answer: wait for its mail to be queued.
    let recovery: { id: string } | undefined;
    for (let i = 0; i < 100 && !recovery; i++) {
      [recovery] = await t.db.query<{ id: string }>(
        "SELECT id FROM outbox WHERE kind = 'code-recovery' AND complaint_id IS NULL",
      );
      if (!recovery) await new Promise((r) => setTimeout(r, 20));
    }
    expect(recovery).toBeDefined();
    // Given up after its last attempt: it keeps the sealed address and the list of the cases, and
    // no case's erasure reaches it (it names none).
    await t.db.query(`UPDATE outbox SET status = 'failed', attempts = 12 WHERE id = $1`, [
      recovery!.id,
    ]);
    const [given] = await t.db.query<{ payload_enc: string | null }>(
      'SELECT payload_enc FROM outbox WHERE id = $1',
      [recovery!.id],
    );
    expect(given!.payload_enc).not.toBeNull();
    const sent = await t.db.query<{ id: string }>(`SELECT id FROM outbox WHERE status = 'sent'`);
    expect(sent.length).toBeGreaterThan(0);
    // A young given-up mail and a pending one queued long ago (still due: never deleted).
    await t.db.query(
      `INSERT INTO outbox (kind, organization_id, payload_enc, status, attempts, created_at)
       VALUES ('code-recovery', (SELECT organization_id FROM outbox LIMIT 1), 'sellado', 'failed', 12,
               now() - make_interval(days => $1 - 1)),
              ('complainant-update', (SELECT organization_id FROM outbox LIMIT 1), 'sellado', 'pending', 0,
               now() - make_interval(days => $1 + 5))`,
      [OUTBOX_KEPT_DAYS],
    );
    const all = async () =>
      (await t.db.query<{ id: string }>('SELECT id FROM outbox ORDER BY id')).map((r) =>
        String(r.id),
      );
    const before = await all();

    // Before its lifetime has run, the sweep keeps everything.
    await sweep(t.services);
    expect(await all()).toEqual(before);

    // The clock moves past it: the given-up recovery and the sent mail go, the rest stays.
    const expired = [recovery!.id, ...sent.map((r) => r.id)].map(String);
    await t.db.query(
      `UPDATE outbox SET created_at = created_at - make_interval(days => $1, secs => 1)
        WHERE id = ANY($2::bigint[])`,
      [OUTBOX_KEPT_DAYS, expired],
    );
    await sweep(t.services);
    const left = await all();
    expect(left).toEqual(before.filter((id) => !expired.includes(id)));
    expect(left.length).toBeGreaterThanOrEqual(2);
  });
});
