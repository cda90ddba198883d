import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/runtime';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { fileAndLogin } from '@canal/test-support/complaints';

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
});
