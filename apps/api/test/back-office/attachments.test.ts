import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, HEAD_OFFICE } from '@canal/test-support/complaints';
import { jpegWithExif, pngWithMetadata } from '@canal/test-support/images';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let investigator: StaffClient;
beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

describe('files investigators open', () => {
  it('are the safe copies: no GPS or camera data in photos, the stored original untouched; downloads audited', async () => {
    const photo = jpegWithExif();
    const plan = pngWithMetadata();
    const created = await file(t.app, denuncia(), [
      { filename: 'foto.jpg', content: photo },
      { filename: 'plano.png', content: plan },
    ]);
    expect(created.statusCode).toBe(201);
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      created.json().ticket,
    ]);
    const view = (await investigator.call(contract.viewCase, { params: { id: row!.id } })).json();
    expect(view.archivos.map((f: { nombre: string }) => f.nombre)).toEqual([
      'foto.jpg',
      'plano.png',
    ]);
    for (const f of view.archivos) {
      const res = await investigator.follow(f.url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.includes(Buffer.from('GPSLatitude'))).toBe(false);
      // The stripped copy of an image is shorter than the original, known only once sent: it
      // goes out chunked, without a Content-Length.
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
    }
    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE complaint_id = $1 AND action = 'archivo.descargado'`,
      [row!.id],
    );
    expect(audit).toHaveLength(2);
  });
});
