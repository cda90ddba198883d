// What a case's erasure reaches beyond its own rows (issue 19): its mail in the outbox in every
// state, a given-up one included (migration 031), and the personal data of the data-protection
// requests about it, which the register keeps as evidence without them (decision 0048).
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, chileToday, runRetention } from '../../src/core/retention/retention';
import { ERASED_WITH_CASES } from '../../src/back-office/data-requests/register';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, HEAD_OFFICE } from '@canal/test-support/complaints';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Ana Admin' });
}, 180_000);
afterAll(() => t.close());

const CLOSING = { comentario: 'Concluimos la investigación.', resolucion: 'Amonestación escrita.' };

async function filed() {
  const res = await file(t.app, denuncia());
  expect(res.statusCode, res.body).toBe(201);
  const { ticket } = res.json() as { ticket: number };
  const [row] = await t.db.query<{ id: string }>('SELECT id FROM complaints WHERE ticket = $1', [
    ticket,
  ]);
  return Number(row!.id);
}

async function closed() {
  const id = await filed();
  expect((await closeCase(admin, id, CLOSING)).statusCode).toBe(201);
  return id;
}

const mailOf = (id: number) =>
  t.db.query<{ status: string; payload_enc: string | null }>(
    'SELECT status, payload_enc FROM outbox WHERE complaint_id = $1 ORDER BY id',
    [id],
  );

const due = () => addYears(chileToday(), 5);

describe('a case’s erasure', { timeout: 180_000 }, () => {
  it('deletes its mail in the outbox in every state, a given-up one with its sealed payload too, and no other case’s', async () => {
    const erased = await closed();
    const kept = await filed();
    // Filing queued its confirmation and the receivers' alert, closing its neutral update: each
    // names the case.
    const queued = await mailOf(erased);
    expect(queued.length).toBeGreaterThanOrEqual(2);
    expect(new Set(queued.map((m) => m.status))).toEqual(new Set(['pending']));
    // One was given up after its last attempt, and keeps its sealed recipient and data.
    await t.db.query(
      `UPDATE outbox SET status = 'failed', attempts = 12 WHERE id = (
         SELECT min(id) FROM outbox WHERE complaint_id = $1)`,
      [erased],
    );
    expect((await mailOf(erased))[0]).toMatchObject({ status: 'failed' });
    expect((await mailOf(erased))[0]!.payload_enc).not.toBeNull();
    const keptMail = await mailOf(kept);
    expect(keptMail.length).toBeGreaterThan(0);

    expect((await runRetention(t.services, { asOf: due() })).erased).toBe(1);

    expect(await mailOf(erased)).toEqual([]);
    expect(await mailOf(kept)).toEqual(keptMail);
  });

  it('removes the personal data of an answered request about erased cases only, and keeps its right, dates and decision', async () => {
    const only = await closed();
    const other = await closed();
    const live = await filed();
    const ask = async (casos: number[]) => {
      const res = await admin.call(contract.createDataRequest, {
        body: {
          organizacion: HEAD_OFFICE,
          solicitante: 'testigo',
          nombre: 'Marcela Ibáñez Soto',
          contacto: 'marcela.ibanez@correo.cl',
          derecho: 'acceso',
          canal: 'correo',
          detalle: 'Pide saber qué datos suyos guarda el canal por su declaración.',
          casos,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const answer = (id: number) =>
      admin.call(contract.answerDataRequest, {
        params: { id },
        body: {
          decision: 'acogida',
          fundamento: 'Es testigo del caso y sus datos constan en él.',
          respuesta: 'Le enviamos por correo la copia de su declaración.',
        },
      });
    const settled = await ask([only]);
    expect((await answer(settled)).statusCode).toBe(200);
    const extended = await ask([other]);
    expect(
      (
        await admin.call(contract.extendDataRequest, {
          params: { id: extended },
          body: { motivo: 'La declaración está en el archivo en papel.' },
        })
      ).statusCode,
    ).toBe(200);
    const alsoLive = await ask([only, live]);
    expect((await answer(alsoLive)).statusCode).toBe(200);
    const view = async (id: number) =>
      (await admin.call(contract.viewDataRequest, { params: { id } })).json();
    const before = await view(settled);

    const swept = await runRetention(t.services, { asOf: due() });
    expect(swept.due.map((c) => c.id)).toEqual(expect.arrayContaining([only, other]));

    // Answered, and its only case erased: the evidence stays, the person and the texts go.
    const after = await view(settled);
    expect(after).toMatchObject({
      solicitante: 'testigo',
      derecho: 'acceso',
      canal: 'correo',
      recibida: before.recibida,
      vence: before.vence,
      decision: 'acogida',
      respondida: before.respondida,
      respondida_por: 'Ana Admin',
      nombre: ERASED_WITH_CASES,
      contacto: null,
      detalle: ERASED_WITH_CASES,
      fundamento: null,
      respuesta: null,
      casos: before.casos,
    });
    const [row] = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM data_requests WHERE id = $1',
      [settled],
    );
    for (const column of [
      'person_enc',
      'detail_enc',
      'extension_reason_enc',
      'decision_reason_enc',
      'answer_enc',
    ])
      expect([column, row![column]]).toEqual([column, null]);
    expect(row!.redacted_at).toBeInstanceOf(Date);
    const [audit] = await t.db.query<{ detail: string; actor_id: null }>(
      `SELECT detail, actor_id FROM audit_log WHERE action = 'solicitud_datos.depurada'`,
    );
    expect(JSON.parse(audit!.detail)).toEqual({ solicitud_id: settled });

    // Still open: the person awaits an answer, so nothing goes yet.
    expect(await view(extended)).toMatchObject({
      nombre: 'Marcela Ibáñez Soto',
      prorrogada: true,
      motivo_prorroga: 'La declaración está en el archivo en papel.',
    });
    // A live case still needs it.
    expect(await view(alsoLive)).toMatchObject({ nombre: 'Marcela Ibáñez Soto' });

    // Answered after its case was erased: the next sweep removes it, and the extension shows.
    expect((await answer(extended)).statusCode).toBe(200);
    expect((await runRetention(t.services, { asOf: due() })).requests).toBe(1);
    expect(await view(extended)).toMatchObject({
      nombre: ERASED_WITH_CASES,
      prorrogada: true,
      motivo_prorroga: null,
      decision: 'acogida',
    });
    expect(await view(alsoLive)).toMatchObject({ nombre: 'Marcela Ibáñez Soto' });
  });
});
