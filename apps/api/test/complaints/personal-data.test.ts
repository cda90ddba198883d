import { contract, PERSONAL_DATA_FORMAT } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  denuncia,
  EMAIL,
  file,
  HEAD_OFFICE,
  login,
} from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { staff, type StaffClient } from '@canal/test-support/staff';
import { addCalendarDays, civilDateInZone, type CivilDate } from '../../src/core/deadlines';

/**
 * Law 21.719 on the portal (issue 19): the complainant downloads their data, corrects their
 * e-mail (confirmed from the new address) and phone, and asks for what they cannot do themselves.
 */

let t: TestApp;
let admin: StaffClient;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Ana Admin' });
}, 180_000);
afterAll(() => t.close());

const NEW_EMAIL = 'Nueva.Direccion@correo.cl';

async function filed(payload = denuncia({ tipo_delito_id: 1 })) {
  const res = await file(t.app, payload, [{ filename: 'certificado-medico.pdf', content: pdf() }]);
  expect(res.statusCode).toBe(201);
  const { ticket } = res.json() as { ticket: number };
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    ticket,
  ]);
  return { ticket, id: row!.id, ...(await login(t.app, ticket)) };
}
type Filed = Awaited<ReturnType<typeof filed>>;

const detail = async (c: Filed) =>
  (
    await callApi(t.app, contract.complaintDetail, {
      headers: c.auth,
      params: { id: String(c.ticket) },
    })
  ).json();

/** The link of the last e-mail-change mail queued to `to` (its token). */
async function changeLinkTo(to: string): Promise<string> {
  const rows = await t.db.query<{ payload_enc: string }>(
    `SELECT payload_enc FROM outbox WHERE kind = 'email-change' ORDER BY id DESC`,
  );
  const mails = rows.map(
    (r) =>
      JSON.parse(t.services.keyring.openWithMaster(r.payload_enc)) as {
        to: string;
        message: { confirmUrl: string };
      },
  );
  const mail = mails.find((m) => m.to === to);
  if (!mail) throw new Error(`no hay correo de cambio para ${to}`);
  return mail.message.confirmUrl.split('/confirmar-correo/')[1]!;
}

const inboxSearch = async (text: string) =>
  (
    (await admin.call(contract.inbox, { querystring: { buscar: text } })).json() as {
      casos: { id: number }[];
    }
  ).casos.map((c) => c.id);

describe('the copy of the complainant’s data (portability)', () => {
  it('gives what they gave, their log and their files’ list as JSON, nothing staff-internal, and audits it', async () => {
    const c = await filed();
    await admin.call(contract.addInternalNote, {
      params: { id: c.id },
      body: { comentario: 'Nota interna reservada del equipo' },
    });
    const res = await callApi(t.app, contract.personalDataExport, {
      headers: c.auth,
      params: { id: String(c.ticket) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="mis-datos-${c.ticket}.json"`,
    );
    const data = res.json();
    expect(data).toMatchObject({
      formato: PERSONAL_DATA_FORMAT,
      codigo_denuncia: c.ticket,
      denuncia: {
        nombre: 'María José',
        rut: '12345678-5',
        email: EMAIL,
        fono: '912345678',
        descripcion_hecho: expect.stringContaining('Mi jefatura me grita'),
      },
      archivos: [{ nombre: 'certificado-medico.pdf', tipo: 'application/pdf', del_equipo: false }],
    });
    expect(data.archivos[0].tamano).toBeGreaterThan(0);
    expect(data.bitacora.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toContain('Nota interna reservada');
    expect(JSON.stringify(data)).not.toContain('Ana Admin');
    const audit = await t.db.query(
      "SELECT 1 FROM audit_log WHERE complaint_id = $1 AND action = 'caso.datos_descargados'",
      [c.id],
    );
    expect(audit).toHaveLength(1);
  });

  it('answers 404 for another complaint than the session’s', async () => {
    const a = await filed();
    const b = await filed();
    const res = await callApi(t.app, contract.personalDataExport, {
      headers: a.auth,
      params: { id: String(b.ticket) },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('correcting the contact e-mail', () => {
  it('changes nothing until the link sent to the new address is opened, then the address and both blind indexes', async () => {
    const c = await filed();
    const asked = await callApi(t.app, contract.changeContactEmail, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, email: NEW_EMAIL },
    });
    expect(asked.statusCode).toBe(200);
    expect((await detail(c)).email).toBe(EMAIL);
    const token = await changeLinkTo(NEW_EMAIL);

    const confirmed = await callApi(t.app, contract.confirmContactEmail, {
      headers: { 'x-filial': HEAD_OFFICE },
      body: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Su correo de contacto fue actualizado.',
      ticket: c.ticket,
    });
    const d = await detail(c);
    expect(d.email).toBe(NEW_EMAIL);
    expect(d.denuncia_bitacora.at(-1)).toMatchObject({ evento: 'Correo de contacto actualizado' });

    // The recovery index and the staff search's index follow the address.
    const [row] = await t.db.query<{ email_index: string }>(
      'SELECT email_index FROM complaints WHERE id = $1',
      [c.id],
    );
    expect(row!.email_index).toBe(t.services.keyring.blindIndex(NEW_EMAIL.toLowerCase()));
    expect(await inboxSearch(NEW_EMAIL.toLowerCase())).toContain(c.id);
    expect(await inboxSearch(EMAIL)).not.toContain(c.id);

    // The link works once.
    const again = await callApi(t.app, contract.confirmContactEmail, {
      headers: { 'x-filial': HEAD_OFFICE },
      body: { token },
    });
    expect(again.statusCode).toBe(410);
  });

  it('refuses the address already recorded, and a bad address, in Spanish', async () => {
    const c = await filed();
    const same = await callApi(t.app, contract.changeContactEmail, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, email: EMAIL.toUpperCase() },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('Ese dato ya es el registrado en su denuncia.');
    const bad = await callApi(t.app, contract.changeContactEmail, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, email: 'no-es-correo' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps an anonymous complaint out of the staff search after the change', async () => {
    const c = await filed(anonymous({ email_contacto: EMAIL }));
    await callApi(t.app, contract.changeContactEmail, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, email: NEW_EMAIL },
    });
    await callApi(t.app, contract.confirmContactEmail, {
      headers: { 'x-filial': HEAD_OFFICE },
      body: { token: await changeLinkTo(NEW_EMAIL) },
    });
    const [row] = await t.db.query<{ email_search: string | null }>(
      'SELECT email_search FROM complaints WHERE id = $1',
      [c.id],
    );
    expect(row!.email_search).toBeNull();
    expect((await detail(c)).email).toBe(NEW_EMAIL);
  });
});

describe('correcting the contact number', () => {
  it('changes an identified complaint’s number, and refuses an anonymous one', async () => {
    const c = await filed();
    const res = await callApi(t.app, contract.changeContactPhone, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, fono: '987654321' },
    });
    expect(res.statusCode).toBe(200);
    expect((await detail(c)).fono).toBe('987654321');

    const a = await filed(anonymous({ email_contacto: EMAIL }));
    const refused = await callApi(t.app, contract.changeContactPhone, {
      headers: a.auth,
      body: { denuncia_id: a.ticket, fono: '987654321' },
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('asking for erasure, blocking, correction or objecting', () => {
  it('puts the request in the register with its legal period and a log entry without the text', async () => {
    const c = await filed();
    const res = await callApi(t.app, contract.requestDataRight, {
      headers: c.auth,
      body: {
        denuncia_id: c.ticket,
        derecho: 'supresion',
        detalle: 'Pido borrar el certificado médico.',
      },
    });
    expect(res.statusCode).toBe(201);
    const list = (await admin.call(contract.listDataRequests, { querystring: {} })).json();
    const mine = list.solicitudes.find((s: { casos: { id: number }[] }) =>
      s.casos.some((k) => k.id === c.id),
    );
    const today = civilDateInZone(new Date());
    expect(mine).toMatchObject({
      solicitante: 'denunciante',
      derecho: 'supresion',
      canal: 'portal',
      recibida: today,
      vence: addCalendarDays(today as CivilDate, 30),
      plazo: 'en_plazo',
    });
    const entry = (await detail(c)).denuncia_bitacora.at(-1);
    expect(entry).toMatchObject({
      evento: 'Solicitud sobre sus datos personales: supresión',
      comentario: null,
    });
  });
});
