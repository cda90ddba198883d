import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { mailDeadlineDigest, DIGEST_JOB } from '../../src/back-office/cases/digest';
import { staff } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // An administrator: the digest always queues the administrators' mail.
  await staff(t, { role: 'administrador' });
});
afterAll(() => t.close());

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
});
