// The erasure drill of issue 19 (docs/operations.md, "Conservación y eliminación"): cases are filed
// (one with a file), closed, one put under legal hold; `runRetention` — what `npm run retention --
// --as-of` and the hourly sweep run — moves the clock past their retention period. Afterwards the
// database holds tombstones only, the object store (local, or S3 with STORAGE=s3) lacks their
// files, the statistics and the SUSESO six-monthly counts are unchanged, the audit log records
// each erasure and verifies whole, the case page and the complainant's sign-in say so, and a copy
// of an erased data key taken before (as a backup holds it) no longer opens, even in a new process.
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ErasedKeyError } from '../../src/crypto/erasure-keys';
import { addYears, chileToday, runRetention } from '../../src/core/retention/retention';
import { ErasureKeyStore } from '../../src/core/retention/erasure-key-store';
import { createKeyring, parseKey } from '../../src/crypto/keys';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { anonymous, denuncia, file, headers, PASSWORD } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let auditor: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  auditor = await staff(t, { role: 'auditor' });
}, 180_000);
afterAll(() => t.close());

const CLOSING = { comentario: 'Concluimos la investigación.', resolucion: 'Amonestación escrita.' };

/** Files `payload` (with `files`) and closes the case: its id, ticket and row. */
async function closedCase(
  payload: Record<string, unknown>,
  files: Parameters<typeof file>[2] = [],
) {
  const res = await file(t.app, payload, files);
  expect(res.statusCode).toBe(201);
  const { ticket } = res.json() as { ticket: number };
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    ticket,
  ]);
  const closed = await closeCase(admin, row!.id, CLOSING);
  expect(closed.statusCode).toBe(201);
  return { id: Number(row!.id), ticket };
}

const complaint = async (id: number) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM complaints WHERE id = $1', [id]))[0]!;

const semester = () => {
  const [year, month] = chileToday().split('-').map(Number) as [number, number];
  return { anio: String(year), semestre: month <= 6 ? '1' : '2' } as const;
};

describe('the erasure drill', { timeout: 180_000 }, () => {
  it('erases closed cases past their period, keeps a tombstone, and leaves held and open cases whole', async () => {
    const withFile = await closedCase(denuncia({ denunciado_nombre: 'Tomás Irarrázaval' }), [
      { filename: 'acta.pdf', content: pdf('Acta de la denuncia'), contentType: 'application/pdf' },
    ]);
    const anonymousCase = await closedCase(anonymous());
    const held = await closedCase(denuncia());
    const open = (await file(t.app, denuncia())).json() as { ticket: number };

    const hold = await admin.call(contract.setLegalHold, {
      params: { id: held.id },
      body: { motivo: 'Demanda laboral RIT O-123-2026' },
    });
    expect(hold.statusCode).toBe(200);
    expect(
      (
        await auditor.call(contract.setLegalHold, {
          params: { id: held.id },
          body: { motivo: 'x y z' },
        })
      ).statusCode,
    ).toBe(403);

    const [stored] = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM complaint_files WHERE complaint_id = $1',
      [withFile.id],
    );
    expect(await t.services.files.store.exists(stored!.storage_key)).toBe(true);
    const statsBefore = (await admin.call(contract.statistics, { querystring: {} })).json();
    const halfYearBefore = (
      await admin.call(contract.halfYearReport, { querystring: semester() })
    ).json();

    // The sweep of today erases nothing, but seals each closed case's key until its day.
    expect((await runRetention(t.services)).erased).toBe(0);
    const due = addYears(chileToday(), 5);
    const sealed = String((await complaint(withFile.id)).data_key);
    expect(sealed).toMatch(new RegExp(`^e1:${due}:k2:`));
    // The held case's key is not sealed: it outlives its day.
    expect(String((await complaint(held.id)).data_key)).toMatch(/^k2:/);
    const retention = (
      await admin.call(contract.viewCaseRetention, { params: { id: withFile.id } })
    ).json();
    expect(retention).toMatchObject({
      eliminado: null,
      conservacion: null,
      bloqueo: null,
      vence: due,
    });

    // The day before the period ends: nothing due.
    expect((await runRetention(t.services, { asOf: addDays(due, -1), dryRun: true })).due).toEqual(
      [],
    );
    const listed = await runRetention(t.services, { asOf: due, dryRun: true });
    expect(listed.due.map((c) => c.id).sort()).toEqual([withFile.id, anonymousCase.id].sort());
    expect(listed.due[0]).toMatchObject({ closed: chileToday(), due, received: chileToday() });
    expect((await complaint(withFile.id)).erased_at).toBeNull();
    // The accused person's name is findable until the erasure (one pair of words, one digest).
    expect((await complaint(withFile.id)).accused_search).toHaveLength(1);

    const drill = await runRetention(t.services, { asOf: due });
    expect(drill).toMatchObject({ erased: 2, files: 1 });

    // The database: a tombstone, nothing personal, nothing of its log, files or sessions.
    const tomb = await complaint(withFile.id);
    expect(tomb.erased_at).toBeInstanceOf(Date);
    for (const column of [
      'data_key',
      'description_enc',
      'complainant_enc',
      'contact_email_enc',
      'email_index',
      'password_hash',
      'resolution_enc',
      'accused_enc',
      'rut_search',
      'email_search',
      'accused_search',
      'occurrence_date',
      'zone_id',
    ])
      expect([column, tomb[column]]).toEqual([column, null]);
    expect(tomb).toMatchObject({ status: 'Cerrada', is_anonymous: false, type_id: 26 });
    for (const table of [
      'complaint_log',
      'complaint_files',
      'complainant_sessions',
      'staged_files',
    ])
      expect(
        await t.db.query(
          table === 'staged_files'
            ? 'SELECT 1 FROM staged_files WHERE storage_key = $1'
            : `SELECT 1 FROM ${table} WHERE complaint_id = $1`,
          [table === 'staged_files' ? stored!.storage_key : withFile.id],
        ),
      ).toEqual([]);
    // The object store: its file is gone.
    expect(await t.services.files.store.exists(stored!.storage_key)).toBe(false);

    // The key a backup holds no longer opens: the day's key is destroyed, here and in a process
    // that starts afresh from the stored ratchet.
    expect(() => t.services.keyring.unwrapDataKey(sealed)).toThrow(ErasedKeyError);
    const again = await ErasureKeyStore.open(t.db, t.services.files.store, chileToday());
    const fresh = createKeyring(parseKey(t.services.config.DATA_ENCRYPTION_KEY!))
      .withRoot(Buffer.alloc(32))
      .withErasureKeys(again.keys);
    expect(() => fresh.unwrapDataKey(sealed)).toThrow(ErasedKeyError);

    // Statistics and the six-monthly counts add up as before.
    expect((await admin.call(contract.statistics, { querystring: {} })).json()).toEqual(
      statsBefore,
    );
    expect((await admin.call(contract.halfYearReport, { querystring: semester() })).json()).toEqual(
      halfYearBefore,
    );

    // The audit log records each erasure and still verifies whole.
    const erasures = await t.db.query<{ complaint_id: string; detail: string; actor_id: null }>(
      `SELECT complaint_id, detail, actor_id FROM audit_log WHERE action = 'caso.eliminado' ORDER BY complaint_id`,
    );
    expect(erasures.map((e) => Number(e.complaint_id))).toEqual(
      [withFile.id, anonymousCase.id].sort((a, b) => a - b),
    );
    expect(JSON.parse(erasures[0]!.detail)).toMatchObject({ plazo_vencido: due, referencia: due });
    const chain = await auditor.call(contract.verifyAuditChain, {});
    expect(chain.json()).toMatchObject({ integra: true, primera_rota: null });

    // The case page says so and shows the tombstone; the complainant reads a clear message.
    const page = await admin.call(contract.viewCase, { params: { id: withFile.id } });
    expect(page.statusCode).toBe(410);
    expect(page.json().message).toMatch(/eliminado al vencer su plazo de conservación/);
    const shown = (
      await admin.call(contract.viewCaseRetention, { params: { id: withFile.id } })
    ).json();
    expect(shown.eliminado).toMatchObject({
      numero: tomb.case_number,
      estado: 'Cerrada',
      anonima: false,
      recibida: chileToday(),
      cerrada: chileToday(),
      eliminada: chileToday(),
    });
    expect(shown.eliminado.tipo).toBeTruthy();
    const signIn = await callApi(t.app, contract.login, {
      headers: headers(),
      body: { ticket: withFile.ticket, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(410);
    expect(signIn.json().message).toMatch(/fue eliminada al cumplirse su plazo de conservación/);

    // The held case and the open one are whole.
    expect((await complaint(held.id)).erased_at).toBeNull();
    expect((await admin.call(contract.viewCase, { params: { id: held.id } })).statusCode).toBe(200);
    const openRow = (
      await t.db.query<{ erased_at: Date | null }>(
        'SELECT erased_at FROM complaints WHERE ticket = $1',
        [open.ticket],
      )
    )[0]!;
    expect(openRow.erased_at).toBeNull();

    // Lifted, the hold no longer protects it: the next sweep erases it.
    expect((await admin.call(contract.liftLegalHold, { params: { id: held.id } })).statusCode).toBe(
      200,
    );
    expect((await runRetention(t.services, { asOf: due })).erased).toBe(1);
    expect((await complaint(held.id)).erased_at).toBeInstanceOf(Date);
    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE complaint_id = $1 AND action LIKE 'caso.%'
          AND action <> 'caso.visto' ORDER BY id`,
      [held.id],
    );
    expect(actions.map((a) => a.action).slice(-3)).toEqual([
      'caso.conservacion',
      'caso.conservacion_levantada',
      'caso.eliminado',
    ]);
  });
});
