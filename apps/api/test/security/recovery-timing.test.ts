import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, headers, PASSWORD } from '@canal/test-support/complaints';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const queued = async () =>
  (
    await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE kind = 'code-recovery'",
    )
  )[0]!.n;

describe('code recovery timing', () => {
  it('answers a known address before the lookup and the mail, like an unknown one', async () => {
    const email = 'conocida@correo.cl';
    expect(
      (
        await file(
          t.app,
          denuncia({ denuncia_ticket: { email, pass: PASSWORD }, email_contacto: email }),
        )
      ).statusCode,
    ).toBe(201);
    // Hold the real outbox: nothing can be queued until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const enqueue = t.services.outbox.enqueue.bind(t.services.outbox);
    let lookups = 0;
    t.services.outbox.enqueue = async (tx, mail) => {
      lookups += 1;
      await gate;
      return enqueue(tx, mail);
    };
    const answered = await Promise.race([
      t.app.inject({
        method: 'POST',
        url: '/v1/denuncias/codigo',
        headers: headers(),
        payload: { email },
      }),
      new Promise<null>((r) => setTimeout(() => r(null), 3_000)),
    ]);
    const queuedWhenAnswered = await queued();
    release();
    expect(answered?.statusCode).toBe(200);
    expect(queuedWhenAnswered).toBe(0);
    for (let i = 0; i < 100 && (await queued()) === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(lookups).toBe(1);
    expect(await queued()).toBe(1);
  });
});
