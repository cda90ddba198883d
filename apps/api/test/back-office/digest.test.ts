import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CEM, denuncia, fileAndLogin, HEAD_OFFICE } from '@canal/test-support/complaints';
import { decodeMail, startSmtp } from '../support/smtp';
import { mailDeadlineDigest, DIGEST_JOB } from '../../src/back-office/cases/digest';
import { staff, type StaffClient } from '@canal/test-support/staff';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: StaffClient;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  // An administrator: the digest always queues the administrators' mail.
  admin = await staff(t, { role: 'administrador' });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** The mails the real SMTP server received to `to` since the inbox was emptied, decoded. */
async function mailsTo(to: string): Promise<string> {
  await t.services.outbox.retryNow(t.db);
  await t.services.outbox.drain(t.db);
  return smtp.inbox
    .filter((m) => m.to.includes(to))
    .map((m) => decodeMail(m.raw).replace(/\s+/g, ' '))
    .join('\n');
}

const digestMails = async () =>
  (
    await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE kind = 'staff-admin-digest'",
    )
  )[0]!.n;

describe('the daily deadline digest', () => {
  it('leaves the day unclaimed when queueing fails, and the next run does it', async () => {
    const now = new Date('2031-05-06T15:00:00Z'); // 11:00 in Santiago
    const { outbox } = t.services;
    const enqueue = outbox.enqueue.bind(outbox);
    let failures = 1;
    outbox.enqueue = async (tx, mail) => {
      if (failures-- > 0) throw new Error('cola de correo no disponible');
      return enqueue(tx, mail);
    };
    try {
      await expect(mailDeadlineDigest(t.services, now)).rejects.toThrow(
        'cola de correo no disponible',
      );
      // Nothing of the failed run stayed: neither the day's claim nor a mail.
      const claims = await t.db.query('SELECT day FROM job_runs WHERE job = $1', [DIGEST_JOB]);
      expect(claims).toHaveLength(0);
      expect(await digestMails()).toBe(0);

      // The next hourly run claims the day and queues the mail; later runs that day do nothing.
      expect(await mailDeadlineDigest(t.services, now)).not.toBeNull();
      expect(await digestMails()).toBe(1);
      expect(await mailDeadlineDigest(t.services, now)).toBeNull();
      expect(await digestMails()).toBe(1);
    } finally {
      outbox.enqueue = enqueue;
    }
  });

  it("mails an unassigned case's deadlines to its organisation's receivers, then only to its assignee", async () => {
    const investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
    const elsewhere = await staff(t, { role: 'investigador', organizations: [CEM] });
    // A Law 21.643 complaint received a week ago, nobody assigned, nothing recorded: the
    // protective measures (due on the day of receipt) are overdue.
    const filed = await fileAndLogin(t.app, denuncia());
    const [c] = await t.db.query<{ id: number; case_number: string }>(
      `UPDATE complaints SET created_at = now() - interval '7 days' WHERE ticket = $1
       RETURNING id, case_number`,
      [filed.ticket],
    );
    await mailsTo('nadie'); // the complaint's own mails go out first
    smtp.inbox.length = 0;
    const now = new Date();
    now.setUTCHours(15); // 11:00 or 12:00 in Santiago
    expect(await mailDeadlineDigest(t.services, now)).toBeGreaterThanOrEqual(2);
    for (const receiver of [admin, investigator]) {
      const mail = await mailsTo(receiver.email);
      expect(mail).toContain(c!.case_number);
      expect(mail).toContain('Adopción de medidas de resguardo');
    }
    expect(await mailsTo(elsewhere.email)).not.toContain(c!.case_number);

    // Once someone holds the case, the next day's digest goes to that person alone.
    await admin.call(contract.assignCase, {
      params: { id: c!.id },
      body: { usuario_id: investigator.id },
    });
    smtp.inbox.length = 0;
    await mailDeadlineDigest(t.services, new Date(now.getTime() + 24 * 3600_000));
    expect(await mailsTo(investigator.email)).toContain(c!.case_number);
    expect(await mailsTo(admin.email)).not.toContain(c!.case_number);
  });
});
