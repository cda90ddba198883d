import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, HEAD_OFFICE } from '@canal/test-support/complaints';
import { docx, pdf } from '@canal/test-support/files';
import { jpegWithExif } from '@canal/test-support/images';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;
let excluded: StaffClient;
let caseId: number;
let files: { id: string; nombre: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  excluded = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  const created = await file(t.app, denuncia(), [
    { filename: 'foto.jpg', content: jpegWithExif() },
    { filename: 'acta.pdf', content: pdf() },
    { filename: 'informe.docx', content: docx() },
  ]);
  expect(created.statusCode).toBe(201);
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    created.json().ticket,
  ]);
  caseId = row!.id;
  files = (await investigator.call(contract.viewCase, { params: { id: caseId } })).json().archivos;
  await admin.call(contract.excludeFromCase, { params: { id: caseId, userId: excluded.id } });
});
afterAll(() => t.close());

const fileNamed = (name: string) => files.find((f) => f.nombre === name)!.id;
const view = (who: StaffClient, fileId: string, id = caseId) =>
  who.call(contract.viewCaseFile, { params: { id, fileId } });

/** The headers that keep an opened file inert: shown inline, its exact type, sandboxed, unsniffed. */
function expectViewerHeaders(res: Awaited<ReturnType<typeof view>>, type: string, name: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(type);
  expect(res.headers['content-disposition']).toMatch(new RegExp(`^inline; filename="${name}"`));
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const csp = String(res.headers['content-security-policy']);
  expect(csp.split(';').map((d) => d.trim())).toEqual(
    expect.arrayContaining(['sandbox', "default-src 'none'", "frame-ancestors 'self'"]),
  );
  expect(csp).not.toMatch(/script-src|allow-/);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('files opened in the viewer', () => {
  it('serve an image inline, sandboxed, as the safe copy (no GPS data)', async () => {
    const res = await view(investigator, fileNamed('foto.jpg'));
    expectViewerHeaders(res, 'image/jpeg', 'foto.jpg');
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(res.rawPayload.includes(Buffer.from('GPSLatitude'))).toBe(false);
  });

  it('serve a PDF inline, sandboxed', async () => {
    const res = await view(investigator, fileNamed('acta.pdf'));
    expectViewerHeaders(res, 'application/pdf', 'acta.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuse a type the browser should not render (415: download only)', async () => {
    const res = await view(investigator, fileNamed('informe.docx'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/descárguelo/);
    // It still downloads.
    const download = await investigator.call(contract.downloadCaseFile, {
      params: { id: caseId, fileId: fileNamed('informe.docx') },
    });
    expect(download.statusCode).toBe(200);
  });

  it('follow the download rules: an excluded person, another case or no session get nothing', async () => {
    expect((await view(excluded, fileNamed('foto.jpg'))).statusCode).toBe(404);
    const other = await file(t.app, denuncia());
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      other.json().ticket,
    ]);
    expect((await view(investigator, fileNamed('foto.jpg'), row!.id)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/v1/gestion/casos/${caseId}/archivos/${fileNamed('foto.jpg')}/vista`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('are audited as viewed, apart from downloads', async () => {
    const before = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE complaint_id = $1 AND action = 'archivo.visualizado'`,
      [caseId],
    );
    await view(investigator, fileNamed('acta.pdf'));
    const after = await t.db.query<{ n: number; actor: number }>(
      `SELECT count(*)::int AS n, max(actor_id)::int AS actor FROM audit_log
        WHERE complaint_id = $1 AND action = 'archivo.visualizado'`,
      [caseId],
    );
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect(after[0]!.actor).toBe(investigator.id);
    const refused = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE complaint_id = $1 AND action = 'archivo.visualizado'
          AND strpos(detail, $2) > 0`,
      [caseId, fileNamed('informe.docx')],
    );
    expect(refused[0]!.n).toBe(0);
  });
});
