import { contract } from '@canal/shared/contract';
import { callApi } from '@canal/test-support/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@canal/shared';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { multipart } from '@canal/test-support/multipart';
import {
  CEM,
  denuncia,
  EMAIL,
  file,
  fileAndLogin,
  headers,
  PASSWORD,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { exe, jpg, pdf, png } from '@canal/test-support/files';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setStatus = (ticket: number, status: string) =>
  t.db.query('UPDATE complaints SET status = $2 WHERE ticket = $1', [ticket, status]);

function upload(
  auth: Record<string, string>,
  bitacora: unknown,
  files: { filename: string; content: Buffer }[],
) {
  const { body, headers: h } = multipart([
    { name: 'bitacora', json: bitacora },
    ...files.map((f) => ({ name: 'files', ...f })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/v1/denuncias/upload-files',
    payload: body,
    headers: { ...auth, ...h },
  });
}

describe('login', () => {
  it('answers a token for the right code and password', async () => {
    const created = (await file(t.app, denuncia())).json();
    const res = await callApi(t.app, contract.login, {
      headers: headers(),
      body: { ticket: created.ticket, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same 401 for an unknown code and for a wrong password', async () => {
    const created = (await file(t.app, denuncia())).json();
    const wrong = await callApi(t.app, contract.login, {
      headers: headers(),
      body: { ticket: created.ticket, password: 'Otra#Clave1' },
    });
    const unknown = await callApi(t.app, contract.login, {
      headers: headers(),
      body: { ticket: 111111111111, password: PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().message).toBe(MESSAGES.loginUnauthorized);
  });

  it('refuses the right password under another organisation like a wrong one', async () => {
    const created = (await file(t.app, denuncia())).json();
    const res = await callApi(t.app, contract.login, {
      headers: headers(CEM),
      body: { ticket: created.ticket, password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });

  it('locks a code after 10 failures (5 tries, each retried once by the portal) with 429 and Retry-After, even for the right password', async () => {
    const created = (await file(t.app, denuncia())).json();
    const attempt = (password: string) =>
      callApi(t.app, contract.login, {
        headers: headers(),
        body: { ticket: created.ticket, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('Mala#Clave1')).statusCode).toBe(401);
    const locked = await attempt(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Demasiados intentos/);
    // Another code is not affected.
    const other = (await file(t.app, denuncia())).json();
    const fine = await callApi(t.app, contract.login, {
      headers: headers(),
      body: { ticket: other.ticket, password: PASSWORD },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('asks for both fields with Spanish messages', async () => {
    const res = await callApi(t.app, contract.login, { headers: headers(), body: {} as never }); // empty: refused
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[áéíóúñ]|campo|Debe|obligatori/i);
  });
});

describe('reading a complaint', () => {
  it("does not let complaint A's token read complaint B", async () => {
    const a = await fileAndLogin(t.app);
    const b = await fileAndLogin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${b.ticket}`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(404);
    const files = await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${b.ticket}/adjuntos`,
      headers: a.auth,
    });
    expect(files.statusCode).toBe(404);
  });

  it("answers 404 under another organisation's x-filial", async () => {
    const a = await fileAndLogin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${a.ticket}`,
      headers: { ...a.auth, 'x-filial': CEM },
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without a token or with a made-up one', async () => {
    const a = await fileAndLogin(t.app);
    const none = await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${a.ticket}`,
      headers: headers(),
    });
    expect(none.statusCode).toBe(401);
    const fake = await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${a.ticket}`,
      headers: { ...headers(), authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(fake.statusCode).toBe(401);
  });

  it('authenticates before it validates: no token is a 401 whatever the body or the path', async () => {
    for (const [url, payload] of [
      ['/v1/denuncias/add-comentario', { denuncia_id: [], comentario: 7 }],
      ['/v1/denuncias/estado-denuncia', { codigo: { no: 'válido' } }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: headers(), payload });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(
        'Su sesión no es válida o expiró. Ingrese nuevamente con su código y contraseña.',
      );
    }
    // With a live session, the same body is refused by validation.
    const a = await fileAndLogin(t.app);
    const invalid = await callApi(t.app, contract.addComment, {
      headers: { ...headers(), ...a.auth },
      body: { denuncia_id: [], comentario: 7 } as never, // wrong types: refused
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('lists attachments with signed links that stream the original bytes, and refuses tampered links', async () => {
    const image = png();
    const created = await file(t.app, denuncia(), [
      { filename: 'foto.png', content: image },
      { filename: 'acta.pdf', content: pdf('Acta') },
    ]);
    const { ticket } = created.json();
    const login = await callApi(t.app, contract.login, {
      headers: headers(),
      body: { ticket, password: PASSWORD },
    });
    const auth = { ...headers(), authorization: `Bearer ${login.json().token}` };
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${ticket}/adjuntos`,
      headers: auth,
    });
    expect(list.statusCode).toBe(200);
    const files = list.json() as { id: string; path: string; mimetype: string; name: string }[];
    expect(files.map((f) => [f.name, f.mimetype])).toEqual([
      ['foto.png', 'image/png'],
      ['acta.pdf', 'application/pdf'],
    ]);
    const download = await t.app.inject({ method: 'GET', url: files[0]!.path });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(image)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const tampered = await t.app.inject({
      method: 'GET',
      url: files[0]!.path.replace(/s=.{4}/, 's=AAAA'),
    });
    expect(tampered.statusCode).toBe(410);
    const otherFile = await t.app.inject({
      method: 'GET',
      url: files[0]!.path.replace(files[0]!.id, files[1]!.id),
    });
    expect(otherFile.statusCode).toBe(410);
  });

  it('answers the status through estado-denuncia', async () => {
    const a = await fileAndLogin(t.app);
    const res = await callApi(t.app, contract.complaintStatus, {
      headers: a.auth,
      body: { codigo: a.ticket },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ codigo: a.ticket, estado: 'Recibida' });
  });
});

describe('comments', () => {
  it('adds a comment that appears in the log', async () => {
    const a = await fileAndLogin(t.app);
    const res = await callApi(t.app, contract.addComment, {
      headers: a.auth,
      body: { comentario: 'Hoy volvió a ocurrir en la reunión.', denuncia_id: a.ticket },
    });
    expect(res.statusCode).toBe(201);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/v1/denuncias/${a.ticket}`, headers: a.auth })
    ).json();
    expect(detail.denuncia_bitacora.at(-1)).toMatchObject({
      comentario: 'Hoy volvió a ocurrir en la reunión.',
      evento: 'Comentario del denunciante',
      usuario: 'Denunciante',
    });
  });

  it('refuses a comment over 3500 characters and an empty one', async () => {
    const a = await fileAndLogin(t.app);
    const long = await callApi(t.app, contract.addComment, {
      headers: a.auth,
      body: { comentario: 'a'.repeat(3501), denuncia_id: a.ticket },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MESSAGES.commentMax);
    const empty = await callApi(t.app, contract.addComment, {
      headers: a.auth,
      body: { comentario: '', denuncia_id: a.ticket },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('takes a comment on a closed complaint, which stays closed (decision 0034)', async () => {
    const a = await fileAndLogin(t.app);
    await setStatus(a.ticket, 'Cerrada');
    const res = await callApi(t.app, contract.addComment, {
      headers: a.auth,
      body: { comentario: 'No estoy de acuerdo con la resolución.', denuncia_id: a.ticket },
    });
    expect(res.statusCode).toBe(201);
    const detail = (
      await callApi(t.app, contract.complaintDetail, {
        headers: a.auth,
        params: { id: String(a.ticket) },
      })
    ).json();
    expect(detail.estado_denuncia).toBe('Cerrada');
    expect(detail.denuncia_bitacora.at(-1)).toMatchObject({
      comentario: 'No estoy de acuerdo con la resolución.',
    });
  });
});

describe('upload-files', () => {
  it('refuses uploads unless the status is "Faltan antecedentes"', async () => {
    const a = await fileAndLogin(t.app);
    const res = await upload(a.auth, { codigo: a.ticket, comentario: 'Adjunto', usuario: EMAIL }, [
      { filename: 'a.pdf', content: pdf() },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Solo puede adjuntar archivos cuando su denuncia tiene el estado «Faltan antecedentes».',
    );
  });

  it('accepts files and a comment while "Faltan antecedentes" and logs them together', async () => {
    const a = await fileAndLogin(t.app);
    await setStatus(a.ticket, 'Faltan antecedentes');
    const res = await upload(
      a.auth,
      { codigo: a.ticket, comentario: 'Fotos del lugar', usuario: EMAIL },
      [
        { filename: 'lugar.jpg', content: jpg() },
        { filename: 'plano.png', content: png() },
      ],
    );
    expect(res.statusCode).toBe(201);
    const files = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/denuncias/${a.ticket}/adjuntos`,
        headers: a.auth,
      })
    ).json();
    expect(files.map((f: { name: string }) => f.name)).toEqual(['lugar.jpg', 'plano.png']);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/v1/denuncias/${a.ticket}`, headers: a.auth })
    ).json();
    expect(detail.denuncia_bitacora.at(-1)).toMatchObject({
      comentario: 'Fotos del lugar',
      evento: 'Antecedentes enviados por el denunciante',
    });
  });

  it('answers the spec message for a disallowed file type and stores nothing', async () => {
    const a = await fileAndLogin(t.app);
    await setStatus(a.ticket, 'Faltan antecedentes');
    const res = await upload(a.auth, { codigo: a.ticket, comentario: '', usuario: EMAIL }, [
      { filename: 'ok.pdf', content: pdf() },
      { filename: 'malo.pdf', content: exe() },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MESSAGES.fileTypeNotAllowed);
    const files = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/denuncias/${a.ticket}/adjuntos`,
        headers: a.auth,
      })
    ).json();
    expect(files).toEqual([]);
  });

  it("refuses an upload naming another complaint's code", async () => {
    const a = await fileAndLogin(t.app);
    const b = await fileAndLogin(t.app);
    await setStatus(a.ticket, 'Faltan antecedentes');
    const res = await upload(a.auth, { codigo: b.ticket, comentario: 'x', usuario: EMAIL }, [
      { filename: 'a.pdf', content: pdf() },
    ]);
    expect(res.statusCode).toBe(404);
  });

  it('refuses an upload with neither comment nor files', async () => {
    const a = await fileAndLogin(t.app);
    await setStatus(a.ticket, 'Faltan antecedentes');
    const res = await upload(a.auth, { codigo: a.ticket, comentario: '', usuario: EMAIL }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Debe escribir un comentario o adjuntar al menos un archivo.');
  });
});

describe('organisation scoping', () => {
  it('never shows a head-office complaint with a CEM token', async () => {
    const cemPayload = denuncia({
      filial: CEM,
      zona_id: 13,
      agencia_id: undefined,
      otro_lugar: 'Sala de espera',
    });
    const cem = await fileAndLogin(t.app, cemPayload);
    const head = await fileAndLogin(t.app, denuncia({ filial: HEAD_OFFICE }));
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${head.ticket}`,
      headers: cem.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('dates', () => {
  it('gives the filing date as the day in Chile, not the server clock', async () => {
    const a = await fileAndLogin(t.app);
    // 02:00 UTC on 10 March 2026 is 23:00 on 9 March in Santiago (UTC-3).
    await t.db.query(
      `UPDATE complaints SET created_at = '2026-03-10T02:00:00Z' WHERE ticket = $1`,
      [a.ticket],
    );
    const detail = (
      await t.app.inject({ method: 'GET', url: `/v1/denuncias/${a.ticket}`, headers: a.auth })
    ).json();
    expect(detail.fecha_denuncia).toBe('09/03/2026');
  });
});
