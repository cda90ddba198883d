import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@canal/shared';
import { LocalObjectStore } from '../../src/storage';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  denuncia,
  file,
  fileAndLogin,
  headers,
  CLINICA_ATACAMA,
} from '@canal/test-support/complaints';
import { exe, pdf, REAL_FILES } from '@canal/test-support/files';
import { complaintFilesOnDisk } from '../support/object-store';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
/** Uploads still staged: rows of staged_files (objects written but owned by no complaint). */
const stagingFiles = async () =>
  (await t.db.query<{ storage_key: string }>('SELECT storage_key FROM staged_files')).map(
    (r) => r.storage_key,
  );

/** Objects in the store: what complaint_files points to, and nothing else (local store: on disk). */
const storedObjects = async () => {
  const rows = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM complaint_files');
  for (const r of rows) expect(await t.services.files.store.exists(r.storage_key)).toBe(true);
  if (t.services.files.store instanceof LocalObjectStore)
    expect(complaintFilesOnDisk(t.services.files.store.root).length).toBe(rows.length);
  return rows.length;
};

describe('POST /v1/denuncias', () => {
  it('files an identified complaint with one real file of every allowed type and answers ticket and email', async () => {
    const files = Object.entries(REAL_FILES).map(([ext, make]) => ({
      filename: `prueba.${ext}`,
      content: make(),
    }));
    const res = await file(t.app, denuncia(), files);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(String(body.ticket)).toMatch(/^[1-9]\d{11}$/);
    expect(body.email).toBe('denunciante.prueba@correo.cl');

    const [row] = await t.db.query<{ id: number; status: string; case_number: string }>(
      'SELECT id, status, case_number FROM complaints WHERE ticket = $1',
      [body.ticket],
    );
    expect(row!.status).toBe('Recibida');
    expect(row!.case_number).toMatch(/^MAS-\d{4}-\d{5}$/);
    const stored = await t.db.query<{ extension: string; size_bytes: number; mimetype: string }>(
      'SELECT extension, size_bytes, mimetype FROM complaint_files WHERE complaint_id = $1',
      [row!.id],
    );
    expect(stored.map((f) => f.extension).sort()).toEqual(Object.keys(REAL_FILES).sort());
    for (const f of stored) {
      expect(f.size_bytes).toBe(
        files.find((x) => x.filename === `prueba.${f.extension}`)!.content.length,
      );
    }
    expect(stored.find((f) => f.extension === 'docx')!.mimetype).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(await stagingFiles()).toEqual([]);
  });

  it('gives each complaint a different random 12-digit ticket', async () => {
    const a = (await file(t.app, anonymous())).json().ticket;
    const b = (await file(t.app, anonymous())).json().ticket;
    expect(a).not.toBe(b);
    expect(Math.abs(a - b)).not.toBe(1);
  });

  it.each([26, 27, 28])('refuses an anonymous complaint of type %i', async (type) => {
    const res = await file(t.app, anonymous({ tipo_delito_id: type }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.anonymityNotAllowed);
  });

  it.each([26, 27, 28])('accepts an identified complaint of type %i', async (type) => {
    const res = await file(t.app, denuncia({ tipo_delito_id: type }));
    expect(res.statusCode).toBe(201);
  });

  it('accepts an anonymous complaint of another type and stores no complainant', async () => {
    const res = await file(t.app, anonymous({ tipo_delito_id: 3 }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ complainant_enc: string | null; is_anonymous: boolean }>(
      'SELECT complainant_enc, is_anonymous FROM complaints WHERE ticket = $1',
      [res.json().ticket],
    );
    expect(row).toEqual({ complainant_enc: null, is_anonymous: true });
  });

  it('refuses an .exe renamed .pdf and keeps nothing of it', async () => {
    const before = await count('complaints');
    const res = await file(t.app, denuncia(), [{ filename: 'informe.pdf', content: exe() }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MESSAGES.fileTypeNotAllowed);
    expect(await count('complaints')).toBe(before);
    expect(await stagingFiles()).toEqual([]);
  });

  it('refuses a file whose extension is not allowed', async () => {
    const res = await file(t.app, denuncia(), [{ filename: 'virus.exe', content: exe() }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MESSAGES.fileTypeNotAllowed);
  });

  it('answers 413 for a file of 125,829,121 bytes and stores nothing', async () => {
    const before = await count('complaints');
    const filesBefore = await count('complaint_files');
    const res = await file(t.app, denuncia(), [
      { filename: 'grande.pdf', head: pdf(), size: 125_829_121 },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/120MB/);
    expect(await count('complaints')).toBe(before);
    expect(await count('complaint_files')).toBe(filesBefore);
    expect(await stagingFiles()).toEqual([]);
    expect(await storedObjects()).toBe(filesBefore);
  });

  it('accepts a file of exactly 125,829,120 bytes', async () => {
    const res = await file(t.app, anonymous(), [
      { filename: 'limite.pdf', head: pdf(), size: 125_829_120 },
    ]);
    expect(res.statusCode).toBe(201);
  });

  it('refuses more than 10 files in one request', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ filename: `a${i}.pdf`, content: pdf() }));
    const res = await file(t.app, anonymous(), files);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Puede adjuntar como máximo 10 archivos por envío.');
  });

  it('answers 400 with a Spanish message when the denuncia part is missing or not JSON', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias',
      headers: { ...headers(), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="otra"\r\n\r\n1\r\n--x--\r\n',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Falta la información de la denuncia.');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias',
      headers: { ...headers(), 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n{no es json\r\n--x--\r\n',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('El contenido enviado no tiene un formato válido.');
  });

  it('answers 415 when the body is JSON instead of multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias',
      headers: headers(),
      payload: denuncia(),
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses an unknown or missing x-filial with a clear message', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/v1/datos-maestros/zonas',
      headers: { 'x-filial': '00000000-0000-0000-0000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('La organización indicada no es válida.');
    const missing = await t.app.inject({ method: 'GET', url: '/v1/datos-maestros/zonas' });
    expect(missing.statusCode).toBe(400);
  });

  it('files a clinic complaint under the clinic when filial and header agree', async () => {
    const res = await file(
      t.app,
      anonymous({ filial: CLINICA_ATACAMA, zona_id: 3, agencia_id: 6031 }),
      [],
      CLINICA_ATACAMA,
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a place that is not in the chosen zone and a zone of another organisation', async () => {
    const wrongPlace = await file(t.app, denuncia({ agencia_id: 6031 }));
    expect(wrongPlace.statusCode).toBe(400);
    expect(wrongPlace.json().message).toBe('El lugar seleccionado no corresponde a la zona.');
    const wrongZone = await file(
      t.app,
      anonymous({ filial: CLINICA_ATACAMA, zona_id: 13, agencia_id: 1131 }),
      [],
      CLINICA_ATACAMA,
    );
    expect(wrongZone.statusCode).toBe(400);
    expect(wrongZone.json().message).toBe('La zona seleccionada no es válida.');
  });

  it('requires otro_lugar when the place is "Otro" (no agencia_id) and stores it', async () => {
    const missing = await file(t.app, anonymous({ agencia_id: undefined, otro_lugar: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.empty);
    const ok = await file(
      t.app,
      denuncia({ agencia_id: undefined, otro_lugar: 'Estacionamiento del edificio' }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('sends the detail of a filed complaint to its holder', async () => {
    const { ticket, auth } = await fileAndLogin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${ticket}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: ticket,
      codigo_denuncia: ticket,
      estado_denuncia: 'Recibida',
      rut: '12345678-5',
      nombre: 'María José',
      apellido_paterno: 'González',
      apellido_materno: 'Rojas',
      fono: '912345678',
      email: 'denunciante.prueba@correo.cl',
      descripcion_hecho: 'Mi jefatura me grita frente al equipo todas las semanas desde marzo.',
      fecha_ocurrencia_hecho: '15/03/2024',
      subtipo_denuncia: 'Acoso laboral',
      zona: 'Región Metropolitana de Santiago',
      otro_lugar: null,
      fecha_respuesta: null,
    });
    expect(d.fecha_denuncia).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(d.lugar).toBeTruthy();
    expect(d.tipo_denuncia).toBeTruthy();
    expect(d.relacion_organizacion).toBeTruthy();
    expect(d.reconoce_involucrados).toBeTruthy();
    expect(d.tipo_conocimiento).toBe('Me ocurrió a mí');
    expect(d.denuncia_bitacora).toEqual([
      {
        comentario: null,
        evento: 'Denuncia ingresada',
        usuario: 'Sistema',
        sistema_fecha_creacion: expect.any(String),
      },
    ]);
  });
});
