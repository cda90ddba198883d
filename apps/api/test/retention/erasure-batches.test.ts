// The retention sweep erases in batches (decision 0065): more due cases than one batch holds all
// become complete tombstones, each with its one audit entry; a failure inside a batch leaves every
// case of that batch whole (the batch is one transaction) and the next sweep finishes the work.
// And an answered data-protection request naming no case loses its personal data once the
// organisation's retention period has run from its answer (`--as-of` moves the clock).
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/crypto/erasure-keys';
import { addYears, chileToday, runRetention } from '../../src/core/retention/retention';
import { ERASED_AFTER_RETENTION } from '../../src/back-office/data-requests/register';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, HEAD_OFFICE } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let auditor: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Ana Admin' });
  auditor = await staff(t, { role: 'auditor' });
}, 180_000);
afterAll(() => t.close());

const CLOSING = { comentario: 'Concluimos la investigación.', resolucion: 'Amonestación escrita.' };
const due = () => addYears(chileToday(), 5);

/** Files a case (with a file when `withFile`) and closes it: its id and its files' keys. */
async function closedCase(withFile: boolean) {
  const res = await file(
    t.app,
    denuncia(),
    withFile
      ? [{ filename: 'acta.pdf', content: pdf('Acta'), contentType: 'application/pdf' }]
      : [],
  );
  expect(res.statusCode, res.body).toBe(201);
  const { ticket } = res.json() as { ticket: number };
  const [row] = await t.db.query<{ id: string }>('SELECT id FROM complaints WHERE ticket = $1', [
    ticket,
  ]);
  const id = Number(row!.id);
  expect((await closeCase(admin, id, CLOSING)).statusCode).toBe(201);
  const keys = await t.db.query<{ storage_key: string }>(
    'SELECT storage_key FROM complaint_files WHERE complaint_id = $1',
    [id],
  );
  return { id, keys: keys.map((k) => k.storage_key) };
}

const rowsOf = async (table: string, id: number) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE complaint_id = $1`,
      [id],
    )
  )[0]!.n;

/** Whether the case is a complete tombstone (true) or whole (false); anything between fails. */
async function tombstone(c: { id: number; keys: string[] }): Promise<boolean> {
  const [row] = await t.db.query<Record<string, unknown>>(
    'SELECT * FROM complaints WHERE id = $1',
    [c.id],
  );
  const erased = row!.erased_at !== null;
  for (const column of ['data_key', 'description_enc', 'complainant_enc', 'password_hash'])
    expect([c.id, column, row![column] === null]).toEqual([c.id, column, erased]);
  expect([c.id, 'log', (await rowsOf('complaint_log', c.id)) === 0]).toEqual([c.id, 'log', erased]);
  expect([c.id, 'files', (await rowsOf('complaint_files', c.id)) === 0]).toEqual([
    c.id,
    'files',
    erased || c.keys.length === 0,
  ]);
  for (const key of c.keys)
    expect([key, await t.services.files.store.exists(key)]).toEqual([key, !erased]);
  const audit = await t.db.query(
    `SELECT 1 FROM audit_log WHERE action = 'caso.eliminado' AND complaint_id = $1`,
    [c.id],
  );
  expect([c.id, audit.length]).toEqual([c.id, erased ? 1 : 0]);
  return erased;
}

describe('the erasure in batches', { timeout: 300_000 }, () => {
  it('erases more due cases than one batch holds, each a complete tombstone, and a failing batch leaves its cases whole until the next sweep', async () => {
    const cases = [];
    for (let i = 0; i < 7; i++) cases.push(await closedCase(i % 3 === 1));
    expect(cases.filter((c) => c.keys.length > 0)).toHaveLength(2);
    // The sweep takes them in id order (ids are not sequential).
    cases.sort((a, b) => a.id - b.id);
    // Batches of 3: [0 1 2] [3 4 5] [6]. Case 4 cannot be erased (a trigger of the database
    // refuses its tombstone, as a failure halfway through the batch).
    const blocked = cases[4]!.id;
    await t.db.exec(`
      CREATE FUNCTION refuse_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = ${blocked} AND NEW.erased_at IS NOT NULL THEN
          RAISE EXCEPTION 'refused for the test';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_erasure BEFORE UPDATE ON complaints
        FOR EACH ROW EXECUTE FUNCTION refuse_erasure();`);
    await expect(runRetention(t.services, { asOf: due(), batchSize: 3 })).rejects.toThrow(
      /refused for the test/,
    );
    // The first batch is erased whole; the failing one and the one after are whole.
    for (const [i, c] of cases.entries()) expect([i, await tombstone(c)]).toEqual([i, i < 3]);

    await t.db.exec('DROP TRIGGER refuse_erasure ON complaints; DROP FUNCTION refuse_erasure();');
    const swept = await runRetention(t.services, { asOf: due(), batchSize: 3 });
    expect(swept).toMatchObject({
      erased: 4,
      files: cases.slice(3).reduce((n, c) => n + c.keys.length, 0),
    });
    for (const [i, c] of cases.entries()) expect([i, await tombstone(c)]).toEqual([i, true]);
    // One entry per case in the chain, which verifies whole.
    expect(
      await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'caso.eliminado'`),
    ).toHaveLength(7);
    const chain = await auditor.call(contract.verifyAuditChain, {});
    expect(chain.json()).toMatchObject({ integra: true, primera_rota: null });
    expect(await t.db.query('SELECT 1 FROM staged_files')).toEqual([]);
  });
});

describe('a data-protection request naming no case', { timeout: 180_000 }, () => {
  it('loses its personal data once the retention period has run from its answer, audited; an open one keeps them', async () => {
    const ask = async () => {
      const res = await admin.call(contract.createDataRequest, {
        body: {
          organizacion: HEAD_OFFICE,
          solicitante: 'otro',
          nombre: 'Rodrigo Paredes Lagos',
          contacto: 'rodrigo.paredes@correo.cl',
          derecho: 'acceso',
          canal: 'carta',
          detalle: 'Pregunta si el canal guarda algún dato suyo; no tiene casos.',
          casos: [],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const answered = await ask();
    const open = await ask();
    const answer = await admin.call(contract.answerDataRequest, {
      params: { id: answered },
      body: {
        decision: 'acogida',
        fundamento: 'Se buscó su RUT y su correo en el canal.',
        respuesta: 'El canal no guarda datos suyos.',
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const view = async (id: number) =>
      (await admin.call(contract.viewDataRequest, { params: { id } })).json();
    const before = await view(answered);
    const depurations = () =>
      t.db.query<{ detail: string; actor_id: null }>(
        `SELECT detail, actor_id FROM audit_log WHERE action = 'solicitud_datos.depurada' ORDER BY id`,
      );

    // The day before its period has run from the answer: nothing goes.
    expect((await runRetention(t.services, { asOf: addDays(due(), -1) })).requests).toBe(0);
    expect(await view(answered)).toMatchObject({ nombre: 'Rodrigo Paredes Lagos' });
    expect(await depurations()).toEqual([]);

    // On the day: who asked and the texts go; the evidence stays.
    expect((await runRetention(t.services, { asOf: due() })).requests).toBe(1);
    expect(await view(answered)).toMatchObject({
      solicitante: 'otro',
      derecho: 'acceso',
      canal: 'carta',
      recibida: before.recibida,
      vence: before.vence,
      decision: 'acogida',
      respondida: before.respondida,
      respondida_por: 'Ana Admin',
      nombre: ERASED_AFTER_RETENTION,
      contacto: null,
      detalle: ERASED_AFTER_RETENTION,
      fundamento: null,
      respuesta: null,
      casos: [],
    });
    const [row] = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM data_requests WHERE id = $1',
      [answered],
    );
    for (const column of ['person_enc', 'detail_enc', 'decision_reason_enc', 'answer_enc'])
      expect([column, row![column]]).toEqual([column, null]);
    expect(row!.redacted_at).toBeInstanceOf(Date);
    const audited = await depurations();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor_id).toBeNull();
    expect(JSON.parse(audited[0]!.detail)).toEqual({
      solicitud_id: answered,
      sin_casos: true,
      respondida_hasta: chileToday(),
      referencia: due(),
    });
    // Not answered: the person still awaits the answer.
    expect(await view(open)).toMatchObject({ nombre: 'Rodrigo Paredes Lagos' });
    // A second sweep finds nothing more.
    expect((await runRetention(t.services, { asOf: due() })).requests).toBe(0);
  });
});
