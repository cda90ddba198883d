import type { NewDataRequest } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CEM, denuncia, file, HEAD_OFFICE, login, PASSWORD } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { addCalendarDays, civilDateInZone, type CivilDate } from '../../src/core/deadlines';
import { mailDeadlineDigest } from '../../src/back-office/cases/digest';
import { staff, type StaffClient } from '@canal/test-support/staff';

/**
 * The register of data-protection requests (Law 21.719, issue 19): the legal clock, the answer that
 * reaches the complainant, the inbox's deadlines, and the access answer for someone else that never
 * reveals the complainant.
 */

let t: TestApp;
let admin: StaffClient;
let adminCem: StaffClient;
let auditor: StaffClient;
let investigator: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Ana Admin' });
  adminCem = await staff(t, { role: 'administrador', organizations: [CEM] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

const today = () => civilDateInZone(new Date());
const daysFromToday = (n: number) => addCalendarDays(today() as CivilDate, n);

/** A Law 21.643 complaint naming the accused, with a file whose name points to the complainant. */
async function filedCase() {
  const res = await file(
    t.app,
    denuncia({
      tipo_delito_id: 26,
      denunciado_nombre: 'Rodrigo Castañeda Vial',
      denunciado_cargo: 'Jefe de turno',
      relato: 'El jefe de turno me acosa en la bodega norte cada viernes.',
      denunciante: {
        apellido_materno: 'Rojas',
        apellido_paterno: 'Valdebenito',
        email: 'valentina.valdebenito@correo.cl',
        fono: '955511122',
        nombres: 'Valentina',
        rut: '11.111.111-1',
      },
      email_contacto: 'valentina.valdebenito@correo.cl',
      denuncia_ticket: { email: 'valentina.valdebenito@correo.cl', pass: PASSWORD },
    }),
    [{ filename: 'licencia-valentina.pdf', content: pdf() }],
  );
  expect(res.statusCode, res.body).toBe(201);
  const { ticket } = res.json() as { ticket: number };
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [ticket],
  );
  return { ticket, id: row!.id, caseNumber: row!.case_number, ...(await login(t.app, ticket)) };
}

const list = async (client: StaffClient, estado?: 'abiertas' | 'todas') =>
  client.call(contract.listDataRequests, { querystring: estado ? { estado } : {} });

async function record(client: StaffClient, body: Partial<NewDataRequest> & { casos: number[] }) {
  return client.call(contract.createDataRequest, {
    body: {
      organizacion: HEAD_OFFICE,
      solicitante: 'denunciado',
      nombre: 'Rodrigo Castañeda Vial',
      contacto: 'Carta a la oficina central',
      derecho: 'acceso',
      canal: 'carta',
      detalle: 'Pide saber qué datos suyos tiene el canal.',
      ...body,
    },
  });
}

describe('a complainant’s request answered within its clock', () => {
  it('runs 30 calendar days from arrival, and the answer reaches the log and a neutral mail', async () => {
    const c = await filedCase();
    const asked = await callApi(t.app, contract.requestDataRight, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, derecho: 'supresion', detalle: 'Borren mi licencia médica.' },
    });
    expect(asked.statusCode).toBe(201);

    const open = (await list(admin, 'abiertas')).json();
    const request = open.solicitudes.find((s: { casos: { id: number }[] }) =>
      s.casos.some((k) => k.id === c.id),
    );
    expect(request).toMatchObject({
      recibida: today(),
      vence: daysFromToday(30),
      plazo: 'en_plazo',
      decision: null,
    });
    const view = (
      await admin.call(contract.viewDataRequest, { params: { id: request.id } })
    ).json();
    expect(view.detalle).toBe('Borren mi licencia médica.');

    await t.db.query("DELETE FROM outbox WHERE kind = 'complainant-update'");
    const answered = await admin.call(contract.answerDataRequest, {
      params: { id: request.id },
      body: {
        decision: 'rechazada',
        fundamento: 'La Ley 21.643 obliga a conservar el expediente mientras dure el plazo legal.',
        respuesta: 'Su licencia se conserva hasta el fin del plazo de conservación.',
      },
    });
    expect(answered.statusCode).toBe(200);

    const after = (
      await admin.call(contract.viewDataRequest, { params: { id: request.id } })
    ).json();
    expect(after).toMatchObject({
      plazo: 'respondida',
      decision: 'rechazada',
      respondida_por: 'Ana Admin',
    });
    // Answered on or before its last day.
    expect(civilDateInZone(new Date(after.respondida)) <= after.vence).toBe(true);

    const d = (
      await callApi(t.app, contract.complaintDetail, {
        headers: c.auth,
        params: { id: String(c.ticket) },
      })
    ).json();
    expect(d.denuncia_bitacora.at(-1)).toMatchObject({
      evento: 'Respuesta a su solicitud sobre datos personales',
      comentario: expect.stringContaining('Rechazada. La Ley 21.643 obliga'),
    });
    const mails = await t.db.query<{ payload_enc: string }>(
      "SELECT payload_enc FROM outbox WHERE kind = 'complainant-update'",
    );
    expect(mails).toHaveLength(1);
    const mail = t.services.keyring.openWithMaster(mails[0]!.payload_enc);
    expect(mail).toContain('valentina.valdebenito@correo.cl');
    expect(mail).not.toContain('licencia');

    const again = await admin.call(contract.answerDataRequest, {
      params: { id: request.id },
      body: { decision: 'acogida', fundamento: 'x', respuesta: 'y' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('extends the period once, with a reason, and never twice', async () => {
    const c = await filedCase();
    const created = await record(admin, { casos: [c.id], derecho: 'rectificacion' });
    const { id } = created.json();
    const first = await admin.call(contract.extendDataRequest, {
      params: { id },
      body: { motivo: 'Se consultan los antecedentes con el área legal.' },
    });
    expect(first.statusCode).toBe(200);
    const view = (await admin.call(contract.viewDataRequest, { params: { id } })).json();
    expect(view).toMatchObject({ vence: daysFromToday(60), prorrogada: true });
    const second = await admin.call(contract.extendDataRequest, {
      params: { id },
      body: { motivo: 'Otra vez.' },
    });
    expect(second.statusCode).toBe(409);
  });
});

describe('an overdue request in the inbox’s deadlines', () => {
  it('shows as overdue in the open list, the statistics and the administrators’ digest', async () => {
    const c = await filedCase();
    const created = await record(admin, { casos: [c.id], recibida: daysFromToday(-40) });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();

    const open = (await list(admin, 'abiertas')).json();
    expect(open.solicitudes.find((s: { id: number }) => s.id === id)).toMatchObject({
      vence: daysFromToday(-10),
      plazo: 'vencida',
    });
    expect(open.vencidas).toBeGreaterThanOrEqual(1);
    // The overdue one comes first: open requests are ordered by their last day.
    expect(open.solicitudes[0].plazo).toBe('vencida');

    const stats = (await admin.call(contract.statistics, { querystring: {} })).json();
    expect(stats.solicitudes_datos.vencidas).toBeGreaterThanOrEqual(1);

    await t.db.query("DELETE FROM outbox WHERE kind = 'staff-admin-digest'");
    await t.db.query('DELETE FROM job_runs');
    const morning = new Date();
    morning.setUTCHours(15, 0, 0, 0); // 11 or 12 in Santiago: after the digest's hour
    await mailDeadlineDigest(t.services, morning);
    const [digest] = await t.db.query<{ payload_enc: string }>(
      "SELECT payload_enc FROM outbox WHERE kind = 'staff-admin-digest' LIMIT 1",
    );
    const message = JSON.parse(t.services.keyring.openWithMaster(digest!.payload_enc)).message;
    expect(message.dataRequests.overdue).toBeGreaterThanOrEqual(1);
  });

  it('refuses a day of arrival in the future', async () => {
    const c = await filedCase();
    const res = await record(admin, { casos: [c.id], recibida: daysFromToday(2) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La fecha de recepción no puede ser posterior a hoy.');
  });
});

describe('who sees the register', () => {
  it('administrators and auditors of the organisation; not investigators, nor another organisation', async () => {
    const c = await filedCase();
    const { id } = (await record(admin, { casos: [c.id] })).json();
    expect((await list(auditor)).statusCode).toBe(200);
    expect((await auditor.call(contract.viewDataRequest, { params: { id } })).statusCode).toBe(200);
    expect((await record(auditor, { casos: [c.id] })).statusCode).toBe(403);
    expect((await list(investigator)).statusCode).toBe(403);
    expect((await adminCem.call(contract.viewDataRequest, { params: { id } })).statusCode).toBe(
      404,
    );
    const cem = (await list(adminCem)).json();
    expect(cem.solicitudes.some((s: { id: number }) => s.id === id)).toBe(false);
    // A case the person may not see cannot be named in a request.
    expect((await record(adminCem, { organizacion: CEM, casos: [c.id] })).statusCode).toBe(404);
  });
});

describe('an access answer for the accused person', () => {
  it('includes their own data, purposes, recipients and retention, and never the complainant', async () => {
    const c = await filedCase();
    const { id } = (await record(admin, { casos: [c.id] })).json();
    const res = await admin.call(contract.previewAccessAnswer, { params: { id } });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    const everything = JSON.stringify(preview).toLowerCase();
    expect(everything).toContain('rodrigo castañeda vial');
    expect(everything).toContain('jefe de turno');
    expect(preview.incluye.map((s: { titulo: string }) => s.titulo)).toEqual([
      'Datos que el canal registra sobre usted',
      'Finalidades y base legal',
      'Destinatarios',
      'Plazo de conservación',
      'Sus derechos',
    ]);
    for (const secret of [
      'valentina',
      'valdebenito',
      '11.111.111',
      '11111111',
      'valentina.valdebenito@correo.cl',
      '955511122',
      'bodega norte',
      'licencia-valentina',
      c.caseNumber.toLowerCase(),
      String(c.ticket),
    ])
      expect(everything).not.toContain(secret);
    expect(preview.retenido.map((w: { dato: string }) => w.dato)).toEqual(
      expect.arrayContaining([
        'Identidad y datos de contacto de la persona denunciante (nombre, RUT, correo, teléfono)',
        'Relato de los hechos, lugar y fecha en que ocurrieron',
        'Bitácora, comunicaciones y archivos del caso',
      ]),
    );
    for (const w of preview.retenido) expect(w.motivo.length).toBeGreaterThan(10);

    // An answer that names the complainant is refused; the preview's text is accepted.
    for (const leak of [
      'La denuncia la presentó Valentina Valdebenito.',
      'RUT de quien denuncia: 11.111.111-1',
      'Puede escribir a VALENTINA.VALDEBENITO@correo.cl',
      'Teléfono 9 5551 1122',
    ]) {
      const refused = await admin.call(contract.answerDataRequest, {
        params: { id },
        body: { decision: 'acogida_parcial', fundamento: 'Acceso con reserva.', respuesta: leak },
      });
      expect(refused.statusCode).toBe(422);
    }
    const sent = await admin.call(contract.answerDataRequest, {
      params: { id },
      body: {
        decision: 'acogida_parcial',
        fundamento: 'Acceso con reserva.',
        respuesta: preview.texto,
      },
    });
    expect(sent.statusCode).toBe(200);
  });
});
