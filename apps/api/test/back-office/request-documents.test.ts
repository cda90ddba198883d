import { missingItems, requestDocumentsComment } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { EMAIL, denuncia, fileAndLogin, HEAD_OFFICE } from '@canal/test-support/complaints';
import { multipart } from '@canal/test-support/multipart';
import { pdf } from '@canal/test-support/files';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let investigator: StaffClient;
beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

describe('«Solicitar antecedentes»', () => {
  it('sets «Faltan antecedentes» with the list in the log in one step; the complainant reads it and can upload', async () => {
    const filed = await fileAndLogin(t.app, denuncia());
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      filed.ticket,
    ]);
    const comentario = requestDocumentsComment(
      missingItems('Acta de la reunión\nNombres de los testigos'),
    );
    const res = await investigator.call(contract.changeStatus, {
      params: { id: row!.id },
      body: { estado: 'Faltan antecedentes', comentario },
    });
    expect(res.statusCode).toBe(201);

    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/denuncias/${filed.ticket}`,
        headers: filed.auth,
      })
    ).json();
    expect(detail.estado_denuncia).toBe('Faltan antecedentes');
    const last = detail.denuncia_bitacora.at(-1);
    expect(last.evento).toBe('Cambio de estado: Faltan antecedentes');
    expect(last.comentario).toContain('- Acta de la reunión\n- Nombres de los testigos');
    expect(last.usuario).toBe('Equipo de investigación');

    const { body, headers } = multipart([
      { name: 'bitacora', json: { codigo: filed.ticket, usuario: EMAIL } },
      { name: 'files', filename: 'acta.pdf', content: pdf() },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias/upload-files',
      payload: body,
      headers: { ...filed.auth, ...headers },
    });
    expect(upload.statusCode).toBe(201);
  });
});
