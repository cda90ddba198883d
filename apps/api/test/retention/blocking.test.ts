// Blocking (Law 21.719, issue 19): a blocked case keeps its data, but nobody — administrator,
// investigator, auditor — views its content, its files or its dossier until an administrator
// lifts the block; both are in the audit log.
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, HEAD_OFFICE } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;
let auditor: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
}, 180_000);
afterAll(() => t.close());

describe('a blocked case', { timeout: 180_000 }, () => {
  it('is refused to every role, content, files and dossier alike, until the block is lifted', async () => {
    const filed = await file(t.app, denuncia(), [
      { filename: 'acta.pdf', content: pdf('Acta'), contentType: 'application/pdf' },
    ]);
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      filed.json().ticket,
    ]);
    const id = Number(row!.id);
    const [stored] = await t.db.query<{ id: string }>(
      'SELECT id FROM complaint_files WHERE complaint_id = $1',
      [id],
    );
    const reads = (client: StaffClient) => [
      client.call(contract.viewCase, { params: { id } }),
      client.call(contract.downloadCaseFile, { params: { id, fileId: stored!.id } }),
      client.call(contract.viewCaseFile, { params: { id, fileId: stored!.id } }),
      client.call(contract.downloadCaseDossier, { params: { id } }),
    ];
    for (const client of [admin, investigator, auditor])
      expect((await client.call(contract.viewCase, { params: { id } })).statusCode).toBe(200);

    // Only an administrator blocks, with a reason.
    const reason = { motivo: 'Solicitud de bloqueo de la persona denunciante (Ley 21.719)' };
    expect(
      (await investigator.call(contract.setCaseBlock, { params: { id }, body: reason })).statusCode,
    ).toBe(403);
    expect(
      (await admin.call(contract.setCaseBlock, { params: { id }, body: { motivo: ' ' } }))
        .statusCode,
    ).toBe(400);
    const blocked = await admin.call(contract.setCaseBlock, { params: { id }, body: reason });
    expect(blocked.statusCode).toBe(200);
    expect(
      (await admin.call(contract.setCaseBlock, { params: { id }, body: reason })).statusCode,
    ).toBe(409);

    for (const client of [admin, investigator, auditor])
      for (const res of await Promise.all(reads(client))) {
        expect(res.statusCode).toBe(423);
        expect(res.json().message).toMatch(/El caso está bloqueado/);
      }
    // Changes are refused too; the page still learns why, with no content.
    expect(
      (
        await investigator.call(contract.addInternalNote, {
          params: { id },
          body: { comentario: 'Nota durante el bloqueo' },
        })
      ).statusCode,
    ).toBe(423);
    const page = (await auditor.call(contract.viewCaseRetention, { params: { id } })).json();
    expect(page.bloqueo).toMatchObject({ motivo: reason.motivo });
    // Its data is kept.
    const [kept] = await t.db.query<{ description_enc: string | null }>(
      'SELECT description_enc FROM complaints WHERE id = $1',
      [id],
    );
    expect(kept!.description_enc).toBeTruthy();

    expect((await admin.call(contract.liftCaseBlock, { params: { id } })).statusCode).toBe(200);
    for (const client of [admin, investigator, auditor])
      expect((await client.call(contract.viewCase, { params: { id } })).statusCode).toBe(200);
    const actions = await t.db.query<{ action: string; detail: string }>(
      `SELECT action, detail FROM audit_log WHERE complaint_id = $1 AND action LIKE 'caso.bloqueo%'
        ORDER BY id`,
      [id],
    );
    expect(actions.map((a) => [a.action, JSON.parse(a.detail).motivo])).toEqual([
      ['caso.bloqueo', reason.motivo],
      ['caso.bloqueo_levantado', reason.motivo],
    ]);
  });
});
