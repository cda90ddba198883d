import { STAFF_CSRF_HEADER, contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, fileAndLogin, HEAD_OFFICE } from '@canal/test-support/complaints';
import { exe, pdf } from '@canal/test-support/files';
import { multipart, type FilePart } from '@canal/test-support/multipart';
import { jpegWithExif } from '@canal/test-support/images';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let investigator: StaffClient;
let auditor: StaffClient;
beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

async function newCase() {
  const filed = await fileAndLogin(t.app, denuncia());
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    filed.ticket,
  ]);
  return { ...filed, id: row!.id };
}

/** A reply with files, sent as the case page sends it (multipart, session cookie and CSRF). */
function replyWithFiles(who: StaffClient, id: number, comentario: string, files: FilePart[]) {
  const { body, headers } = multipart([
    { name: 'respuesta', json: { comentario } },
    ...files.map((f) => ({ name: 'files', ...f })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/v1/gestion/casos/${id}/respuestas/archivos`,
    payload: body,
    headers: { ...headers, cookie: who.cookie, [STAFF_CSRF_HEADER]: who.csrf },
  });
}

const storedFiles = async (id: number) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM complaint_files WHERE complaint_id = $1',
      [id],
    )
  )[0]!.n;

describe('files the team sends with a reply', () => {
  it('reach the complainant: listed as the team’s, downloaded as the sanitised copy (no GPS)', async () => {
    const c = await newCase();
    const photo = jpegWithExif();
    expect(photo.includes(Buffer.from('GPSLatitude'))).toBe(true);
    const res = await replyWithFiles(investigator, c.id, 'Le enviamos el acta firmada y la foto.', [
      { filename: 'acta-firmada.pdf', content: pdf('Acta firmada') },
      { filename: 'foto.jpg', content: photo },
    ]);
    expect(res.statusCode, res.body).toBe(201);

    const list = await callApi(t.app, contract.complaintAttachments, {
      params: { id: String(c.ticket) },
      headers: c.auth,
    });
    expect(list.statusCode).toBe(200);
    const files = list.json() as { path: string; mimetype: string; del_equipo: boolean }[];
    expect(files.map((f) => [f.mimetype, f.del_equipo])).toEqual([
      ['application/pdf', true],
      ['image/jpeg', true],
    ]);
    const pdfDownload = await t.app.inject({ method: 'GET', url: files[0]!.path });
    expect(pdfDownload.statusCode).toBe(200);
    expect(pdfDownload.rawPayload.toString('latin1')).toContain('Acta firmada');
    const image = await t.app.inject({ method: 'GET', url: files[1]!.path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-disposition']).toMatch(/^attachment/);
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(image.rawPayload.includes(Buffer.from('GPSLatitude'))).toBe(false);

    // The reply is in the complainant's log, signed by the team; the files are tied to it.
    const detail = (
      await t.app.inject({ method: 'GET', url: `/v1/denuncias/${c.ticket}`, headers: c.auth })
    ).json();
    expect(detail.denuncia_bitacora.at(-1)).toMatchObject({
      evento: 'Respuesta del equipo de investigación',
      comentario: 'Le enviamos el acta firmada y la foto.',
      usuario: 'Equipo de investigación',
    });
    const [audit] = await t.db.query<{ detail: string; actor: number }>(
      `SELECT detail, actor_id::int AS actor FROM audit_log
        WHERE complaint_id = $1 AND action = 'caso.respuesta'`,
      [c.id],
    );
    expect(audit!.actor).toBe(investigator.id);
    expect(JSON.parse(audit!.detail)).toMatchObject({ archivos: 2 });

    // Staff see them with the case's files.
    const view = (await investigator.call(contract.viewCase, { params: { id: c.id } })).json();
    expect(
      view.archivos.map((f: { nombre: string; del_equipo: boolean }) => [f.nombre, f.del_equipo]),
    ).toEqual([
      ['acta-firmada.pdf', true],
      ['foto.jpg', true],
    ]);
  });

  it('are checked like the complainant’s: a disguised program is refused and nothing is kept', async () => {
    const c = await newCase();
    const res = await replyWithFiles(investigator, c.id, 'Adjunto', [
      { filename: 'acta.pdf', content: exe() },
    ]);
    expect(res.statusCode).toBe(415);
    const wrongType = await replyWithFiles(investigator, c.id, 'Adjunto', [
      { filename: 'programa.exe', content: exe() },
    ]);
    expect(wrongType.statusCode).toBe(415);
    expect(await storedFiles(c.id)).toBe(0);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/v1/denuncias/${c.ticket}`, headers: c.auth })
    ).json();
    expect(detail.denuncia_bitacora.map((e: { evento: string }) => e.evento)).not.toContain(
      'Respuesta del equipo de investigación',
    );
  });

  it('need someone who may change the case, a comment, and an open case', async () => {
    const c = await newCase();
    const file = { filename: 'acta.pdf', content: pdf() };
    expect((await replyWithFiles(auditor, c.id, 'Hola', [file])).statusCode).toBe(403);
    const empty = await replyWithFiles(investigator, c.id, '  ', [file]);
    expect(empty.statusCode).toBe(400);
    await t.db.query(`UPDATE complaints SET status = 'Cerrada' WHERE id = $1`, [c.id]);
    expect((await replyWithFiles(investigator, c.id, 'Hola', [file])).statusCode).toBe(409);
    expect(await storedFiles(c.id)).toBe(0);
  });
});
