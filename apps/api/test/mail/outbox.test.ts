import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { decodeMail, startSmtp } from '../support/smtp';
import { denuncia, file, HEAD_OFFICE } from '@canal/test-support/complaints';
import { staff } from '@canal/test-support/staff';
import { Outbox, OUTBOX_LEASE_MS } from '../../src/core/mail/outbox';
import { SMTP_TIMEOUTS, smtpTransport } from '../../src/core/mail/transport';

const FROM = 'Canal de Denuncias <canal@prueba.cl>';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { MAIL_FROM: FROM } });
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test starts with an empty queue.
  await t.db.query('DELETE FROM outbox');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const queueMails = async (n: number) => {
  for (let i = 0; i < n; i++) expect((await file(t.app, denuncia())).statusCode).toBe(201);
};
/** A drainer of the shared outbox table, as another process would have one. */
const drainer = (url: string, leaseMs?: number) =>
  new Outbox(t.services.keyring, smtpTransport(url), FROM, { leaseMs });
const messageId = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim();

describe('the outbox lease', () => {
  it('is renewed while a slow server takes its time: another drainer does not send the message again', async () => {
    const slow = await startSmtp(0, { answerAfterMs: 8000 });
    try {
      await queueMails(1);
      const leaseMs = 3000;
      const first = drainer(slow.url, leaseMs).drain(t.db);
      // Well past the first lease: only its renewal keeps the message from the other drainer.
      await sleep(4500);
      const second = await drainer(slow.url, leaseMs).drain(t.db);
      expect(second).toEqual({ sent: 0, failed: 0, released: 0 });
      expect(await first).toEqual({ sent: 1, failed: 0, released: 0 });
      expect(slow.attempts).toHaveLength(1);
      const rows = await t.db.query<{ status: string; lease_id: string | null }>(
        'SELECT status, lease_id FROM outbox',
      );
      expect(rows).toEqual([{ status: 'sent', lease_id: null }]);
    } finally {
      await slow.stop();
    }
  }, 60_000);

  it('runs one drain at a time in a process: a second call joins the running one', async () => {
    const smtp = await startSmtp(0, { answerAfterMs: 200 });
    try {
      await queueMails(2);
      const outbox = drainer(smtp.url);
      const [a, b] = await Promise.all([outbox.drain(t.db), outbox.drain(t.db)]);
      expect(a).toBe(b);
      expect(a).toEqual({ sent: 2, failed: 0, released: 0 });
      expect(smtp.attempts).toHaveLength(2);
    } finally {
      await smtp.stop();
    }
  });

  it('claims nothing more once stopped, and leaves no message held', async () => {
    const smtp = await startSmtp(0, { answerAfterMs: 1500 });
    try {
      await queueMails(2);
      const stop = new AbortController();
      const running = drainer(smtp.url).drain(t.db, 20, stop.signal);
      await sleep(300);
      stop.abort();
      // The message being sent is finished (not cut off mid-conversation), the other is untouched.
      expect(await running).toEqual({ sent: 1, failed: 0, released: 0 });
      const rows = await t.db.query<{ status: string; lease_id: string | null }>(
        'SELECT status, lease_id FROM outbox ORDER BY id',
      );
      expect(rows).toEqual([
        { status: 'sent', lease_id: null },
        { status: 'pending', lease_id: null },
      ]);
      // Already stopped: nothing is claimed at all.
      expect(await drainer(smtp.url).drain(t.db, 20, stop.signal)).toEqual({
        sent: 0,
        failed: 0,
        released: 0,
      });
    } finally {
      await smtp.stop();
    }
  });
});

describe('stopping', () => {
  it('gives back, due at once, a message claimed when the stop came', async () => {
    const smtp = await startSmtp();
    try {
      await queueMails(1);
      // The stop arrives between the claim and the send: the signal reads as aborted from its
      // second look on (the first is before claiming).
      let looks = 0;
      const stop = {
        get aborted() {
          looks += 1;
          return looks > 1;
        },
      } as AbortSignal;
      expect(await drainer(smtp.url).drain(t.db, 20, stop)).toEqual({
        sent: 0,
        failed: 0,
        released: 1,
      });
      expect(smtp.attempts).toHaveLength(0);
      const rows = await t.db.query<{ status: string; lease_id: string | null; due: boolean }>(
        'SELECT status, lease_id, next_attempt_at <= now() AS due FROM outbox',
      );
      expect(rows).toEqual([{ status: 'pending', lease_id: null, due: true }]);
      // Another instance sends it.
      expect(await drainer(smtp.url).drain(t.db)).toEqual({ sent: 1, failed: 0, released: 0 });
    } finally {
      await smtp.stop();
    }
  });
});

describe('the claim order', () => {
  it('sends a Law 21.643 alert queued after 1,000 confirmations first, then the other staff alerts, then the confirmations', async () => {
    const investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
    await t.db.query('DELETE FROM outbox');
    // A morning's backlog: 1,000 complainants' confirmations, oldest first.
    await t.db.transaction(async (tx) => {
      for (let ticket = 1; ticket <= 1000; ticket++)
        await t.services.outbox.enqueue(tx, {
          to: `denunciante${ticket}@correo.cl`,
          organizationId: HEAD_OFFICE,
          complaintId: null,
          message: {
            kind: 'confirmation',
            ticket,
            createdAt: new Date(),
            portalUrl: 'http://localhost:3000',
          },
        });
      await t.services.outbox.enqueue(tx, {
        to: investigator.email,
        organizationId: HEAD_OFFICE,
        complaintId: null,
        message: {
          kind: 'staff-new-activity',
          caseNumber: 'CD-2026-00001',
          activity: 'comentario',
          backOfficeUrl: 'http://localhost:3000/gestion/casos/1',
        },
      });
    });
    // Last in: a Law 21.643 complaint, whose alert says the protective measures are due today.
    const filed = await file(t.app, denuncia({ tipo_delito_id: 26 }));
    expect(filed.statusCode).toBe(201);
    // Its alert waits for the end of its quarter hour (decision 0031, tested apart): taken as over.
    await t.db.query(
      `UPDATE outbox SET next_attempt_at = now() WHERE kind = 'staff-new-complaint' AND status = 'pending'`,
    );

    const smtp = await startSmtp(0);
    try {
      expect(await drainer(smtp.url).drain(t.db, 2)).toEqual({ sent: 2, failed: 0, released: 0 });
      const [first, second] = smtp.inbox.map((m) => ({ to: m.to, text: decodeMail(m.raw) }));
      expect(first!.to).toEqual([investigator.email]);
      expect(first!.text).toMatch(/medidas de resguardo deben adoptarse de inmediato: vencen hoy/);
      expect(second!.to).toEqual([investigator.email]);
      expect(second!.text).toContain('CD-2026-00001');
      const [left] = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox WHERE status = 'pending' AND kind = 'confirmation'",
      );
      expect(left!.n).toBe(1001);
    } finally {
      await smtp.stop();
      // The other tests here count the mails of their filings: nobody else is told of them.
      await t.db.query('UPDATE staff_users SET active = false WHERE id = $1', [investigator.id]);
    }
  }, 60_000);
});

describe('SMTP timeouts', () => {
  it('are all shorter than the lease', () => {
    for (const ms of Object.values(SMTP_TIMEOUTS)) expect(ms).toBeLessThan(OUTBOX_LEASE_MS / 2);
  });

  it('fail an attempt at a server that never greets, and the message waits for its retry', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      await queueMails(1);
      const outbox = new Outbox(
        t.services.keyring,
        smtpTransport(`smtp://127.0.0.1:${port}`, {
          connectionTimeout: 500,
          greetingTimeout: 500,
          socketTimeout: 500,
        }),
        FROM,
      );
      expect(await outbox.drain(t.db)).toEqual({ sent: 0, failed: 1, released: 0 });
      const [row] = await t.db.query<{ status: string; attempts: number; last_error: string }>(
        'SELECT status, attempts, last_error FROM outbox',
      );
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.last_error).toMatch(/greeting|timeout/i);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('Message-ID', () => {
  it('is the same on a retry of one message and differs between messages', async () => {
    const smtp = await startSmtp(0, { refuseFirst: 1 });
    try {
      await queueMails(1);
      const outbox = drainer(smtp.url);
      expect(await outbox.drain(t.db)).toEqual({ sent: 0, failed: 1, released: 0 });
      await outbox.retryNow(t.db);
      expect(await outbox.drain(t.db)).toEqual({ sent: 1, failed: 0, released: 0 });
      expect(smtp.attempts).toHaveLength(2);
      const [refused, accepted] = smtp.attempts.map((m) => messageId(m.raw));
      expect(refused).toMatch(/^<[0-9a-f]{32}@prueba\.cl>$/);
      expect(accepted).toBe(refused);

      await queueMails(1);
      await outbox.drain(t.db);
      expect(smtp.inbox).toHaveLength(2);
      expect(messageId(smtp.inbox[1]!.raw)).not.toBe(refused);
    } finally {
      await smtp.stop();
    }
  });
});
