import { contract, type BreachWire } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { callApi } from '@canal/test-support/api';
import {
  CEM,
  CLINICA_ATACAMA,
  EMAIL,
  HEAD_OFFICE,
  denuncia,
  fileAndLogin,
  headers,
} from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';
import { retentionYearsFor } from '../../src/core/privacy/settings';
import { LOG_EVENTS } from '../../src/core/complaints/complaint-log';

/**
 * Law 21.719 (issue 19): each organisation's data-protection contact and retention period, which
 * its privacy notice shows and the erasure sweep reads; and the register of security incidents,
 * whose notice reaches each complainant as a log entry and a neutral mail. Administrators only,
 * within the organisations they work on; every change audited.
 */

let t: TestApp;
let admin: StaffClient;
let adminCem: StaffClient;
let investigator: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  adminCem = await staff(t, { role: 'administrador', organizations: [CEM] });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

const SETTINGS = {
  organizacion: HEAD_OFFICE,
  contacto_nombre: 'Encargada de protección de datos',
  contacto_correo: 'Datos.Personales@Mutual.cl',
  contacto_direccion: 'Av. Providencia 1234, Santiago',
  contacto_telefono: '',
  retencion_anios: 7,
};

const message = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

const lastAudit = async (action: string) => {
  const res = await admin.call(contract.auditLog, {
    querystring: { accion: action, limite: '5' } as never,
  });
  expect(res.statusCode).toBe(200);
  return res.json().entradas[0] as
    { resumen: string; detalle: Record<string, unknown> } | undefined;
};

/** Files a complaint through the portal; optionally moves it to another organisation. */
async function newCase(organizationId?: string) {
  const filed = await fileAndLogin(t.app, denuncia());
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  if (organizationId) {
    await t.db.query('UPDATE complaints SET organization_id = $2 WHERE id = $1', [
      row!.id,
      organizationId,
    ]);
    await t.db.query('UPDATE complaints SET case_number = $2 WHERE id = $1', [
      row!.id,
      `CEM-${row!.case_number.slice(4)}`,
    ]);
  }
  const [moved] = await t.db.query<{ case_number: string }>(
    'SELECT case_number FROM complaints WHERE id = $1',
    [row!.id],
  );
  return { ...filed, id: row!.id, caseNumber: moved!.case_number };
}

/** Sends every queued mail, then the local mailbox. */
const drainMail = async () => {
  await t.services.outbox.retryNow(t.db);
  while ((await t.services.outbox.drain(t.db)).sent > 0);
  return t.services.transport.list!();
};

describe('data-protection settings', () => {
  it('are for administrators: an investigator gets 403', async () => {
    expect((await investigator.call(contract.getPrivacySettings, {})).statusCode).toBe(403);
    const res = await investigator.call(contract.updatePrivacySettings, { body: SETTINGS });
    expect(res.statusCode).toBe(403);
  });

  it('start with no contact and 5 years, which the notice and the sweep read', async () => {
    const res = await admin.call(contract.getPrivacySettings, {});
    expect(res.statusCode).toBe(200);
    const atacama = res
      .json()
      .organizaciones.find((o: { organizacion: string }) => o.organizacion === CLINICA_ATACAMA);
    expect(atacama).toEqual({
      organizacion: CLINICA_ATACAMA,
      contacto: null,
      retencion_anios: 5,
      actualizado: null,
    });
    expect(await retentionYearsFor(t.db, CLINICA_ATACAMA)).toBe(5);
    const notice = await callApi(t.app, contract.privacyNotice, {
      headers: headers(CLINICA_ATACAMA),
    });
    expect(notice.json()).toEqual({
      organizacion: CLINICA_ATACAMA,
      contacto: null,
      retencion_anios: 5,
    });
  });

  it('saves the contact and the period, audits the change, and the notice shows them', async () => {
    const res = await admin.call(contract.updatePrivacySettings, { body: SETTINGS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organizacion: HEAD_OFFICE,
      contacto: {
        nombre: 'Encargada de protección de datos',
        correo: 'datos.personales@mutual.cl',
        direccion: 'Av. Providencia 1234, Santiago',
        telefono: null,
      },
      retencion_anios: 7,
    });
    expect(await retentionYearsFor(t.db, HEAD_OFFICE)).toBe(7);
    const entry = await lastAudit('proteccion_datos.modificada');
    expect(entry?.detalle).toMatchObject({
      organizacion: HEAD_OFFICE,
      antes: { retencion_anios: null, contacto_correo: null },
      despues: { retencion_anios: 7, contacto_correo: 'datos.personales@mutual.cl' },
    });
    const notice = await callApi(t.app, contract.privacyNotice, { headers: headers(HEAD_OFFICE) });
    expect(notice.json()).toMatchObject({
      contacto: { correo: 'datos.personales@mutual.cl' },
      retencion_anios: 7,
    });

    // Only what changed is recorded; saving the same again records nothing.
    await admin.call(contract.updatePrivacySettings, {
      body: { ...SETTINGS, retencion_anios: 10 },
    });
    expect((await lastAudit('proteccion_datos.modificada'))?.detalle).toEqual({
      organizacion: HEAD_OFFICE,
      antes: { retencion_anios: 7 },
      despues: { retencion_anios: 10 },
    });
    const [{ count }] = (await t.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_log WHERE action = 'proteccion_datos.modificada'",
    )) as [{ count: number }];
    await admin.call(contract.updatePrivacySettings, {
      body: { ...SETTINGS, retencion_anios: 10 },
    });
    const [after] = await t.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_log WHERE action = 'proteccion_datos.modificada'",
    );
    expect(after!.count).toBe(count);
  });

  it('refuses a bad period or e-mail with a Spanish message', async () => {
    const zero = await admin.call(contract.updatePrivacySettings, {
      body: { ...SETTINGS, retencion_anios: 0 },
    });
    expect(zero.statusCode).toBe(400);
    expect(message(zero)).toMatch(/plazo de conservación debe ser un número entero de años/);
    const mail = await admin.call(contract.updatePrivacySettings, {
      body: { ...SETTINGS, contacto_correo: 'no es correo' },
    });
    expect(mail.statusCode).toBe(400);
    expect(message(mail)).toMatch(/correo válido/);
  });

  it('lets an administrator of some organisations see and change only theirs', async () => {
    const res = await adminCem.call(contract.getPrivacySettings, {});
    expect(res.json().organizaciones.map((o: { organizacion: string }) => o.organizacion)).toEqual([
      CEM,
    ]);
    const other = await adminCem.call(contract.updatePrivacySettings, { body: SETTINGS });
    expect(other.statusCode).toBe(404);
    const own = await adminCem.call(contract.updatePrivacySettings, {
      body: { ...SETTINGS, organizacion: CEM, retencion_anios: 3 },
    });
    expect(own.statusCode).toBe(200);
    expect(await retentionYearsFor(t.db, CEM)).toBe(3);
    expect(await retentionYearsFor(t.db, HEAD_OFFICE)).toBe(10);
  });
});

const breachBody = (over: Record<string, unknown> = {}) => ({
  detectada: '2026-11-20',
  descripcion: 'Un informe con datos de denuncias se envió por error a un proveedor externo.',
  organizaciones: [HEAD_OFFICE],
  casos: [] as string[],
  datos: ['identificacion', 'salud'],
  riesgo: 'alto',
  evaluacion: 'Datos sensibles de salud; el proveedor confirmó el borrado, pero no es verificable.',
  medidas: 'Pedimos el borrado por escrito y cambiamos el procedimiento de envío.',
  aviso_agencia: '2026-11-21',
  ...over,
});

describe('the breach register', () => {
  it('is for administrators: an investigator gets 403', async () => {
    expect((await investigator.call(contract.listBreaches, {})).statusCode).toBe(403);
    const res = await investigator.call(contract.createBreach, { body: breachBody() as never });
    expect(res.statusCode).toBe(403);
  });

  it('records an incident with its cases, audited, and refuses cases it cannot name', async () => {
    const hq = await newCase();
    const cem = await newCase(CEM);
    const elsewhere = await admin.call(contract.createBreach, {
      body: breachBody({ casos: [hq.caseNumber, cem.caseNumber] }) as never,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(message(elsewhere)).toBe(
      `Estos casos no son de las organizaciones indicadas: ${cem.caseNumber}.`,
    );
    const unknown = await admin.call(contract.createBreach, {
      body: breachBody({ casos: ['MAS-1999-00001'] }) as never,
    });
    expect(message(unknown)).toBe('No se encontraron estos casos entre los suyos: MAS-1999-00001.');
    const empty = await admin.call(contract.createBreach, {
      body: breachBody({ datos: [], descripcion: '' }) as never,
    });
    expect(empty.statusCode).toBe(400);

    const res = await admin.call(contract.createBreach, {
      body: breachBody({ casos: [hq.caseNumber.toLowerCase()] }) as never,
    });
    expect(res.statusCode).toBe(201);
    const breach = res.json() as BreachWire;
    expect(breach).toMatchObject({
      detectada: '2026-11-20',
      organizaciones: [HEAD_OFFICE],
      casos: [{ numero: hq.caseNumber, avisado: null }],
      datos: ['identificacion', 'salud'],
      riesgo: 'alto',
      aviso_agencia: '2026-11-21',
      aviso_personas: null,
    });
    const entry = await lastAudit('brecha.registrada');
    expect(entry?.detalle).toEqual({
      brecha_id: breach.id,
      organizaciones: [HEAD_OFFICE],
      casos: 1,
      riesgo: 'alto',
    });
    // In words on the audit page and in its export.
    expect(entry?.resumen).toContain(`Incidente: N° ${breach.id}`);
  });

  it('shows an administrator of some organisations only the incidents of theirs', async () => {
    const cem = await newCase(CEM);
    const both = await admin.call(contract.createBreach, {
      body: breachBody({ organizaciones: [HEAD_OFFICE, CEM] }) as never,
    });
    const own = await adminCem.call(contract.createBreach, {
      body: breachBody({ organizaciones: [CEM], casos: [cem.caseNumber] }) as never,
    });
    expect(own.statusCode).toBe(201);
    const refused = await adminCem.call(contract.createBreach, {
      body: breachBody({ organizaciones: [HEAD_OFFICE] }) as never,
    });
    expect(refused.statusCode).toBe(400);
    const seen = (await adminCem.call(contract.listBreaches, {})).json().brechas as BreachWire[];
    expect(seen.map((b) => b.id)).toEqual([own.json().id]);
    const update = await adminCem.call(contract.updateBreach, {
      params: { id: both.json().id },
      body: breachBody({ organizaciones: [CEM] }) as never,
    });
    expect(update.statusCode).toBe(404);
    const notify = await adminCem.call(contract.notifyBreachSubjects, {
      params: { id: both.json().id },
    });
    expect(notify.statusCode).toBe(404);
  });

  it('tells each complainant once: a log entry, and a neutral mail to those with an address', async () => {
    const withMail = await newCase();
    const withoutMail = await newCase();
    // As a complaint staff recorded for a person who gave no address.
    await t.db.query(
      "UPDATE complaints SET contact_email_enc = NULL, channel = 'presencial' WHERE id = $1",
      [withoutMail.id],
    );
    const created = (
      await admin.call(contract.createBreach, {
        body: breachBody({ casos: [withMail.caseNumber] }) as never,
      })
    ).json() as BreachWire;
    // A case added later is told on the next notice; the first is not told twice.
    const updated = await admin.call(contract.updateBreach, {
      params: { id: created.id },
      body: breachBody({ casos: [withMail.caseNumber, withoutMail.caseNumber] }) as never,
    });
    expect(updated.statusCode).toBe(200);
    const notices = async () =>
      (await drainMail()).filter((m) =>
        m.subject.includes('Aviso sobre la seguridad de sus datos'),
      );
    const before = (await notices()).length;

    const res = await admin.call(contract.notifyBreachSubjects, { params: { id: created.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ avisados: 2, correos: 1 });
    const breach = res.json().brecha as BreachWire;
    expect(breach.casos.every((c) => c.avisado !== null)).toBe(true);
    expect(breach.aviso_personas).not.toBeNull();

    const mails = (await notices()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([EMAIL]);
    // Neutral: neither what happened nor which data.
    expect(mails[0]!.text).not.toContain('proveedor');
    expect(mails[0]!.text).not.toMatch(/salud/i);
    expect(mails[0]!.text).toContain('/aviso-de-privacidad');

    // The complainant reads the notice in their log: the kinds of data, the measures, the contact.
    for (const c of [withMail, withoutMail]) {
      const detail = await callApi(t.app, contract.complaintDetail, {
        headers: c.auth,
        params: { id: String(c.ticket) },
      });
      const entry = (
        detail.json().denuncia_bitacora as { evento: string; comentario: string }[]
      ).find((e) => e.evento === LOG_EVENTS.breachNotice);
      expect(entry?.comentario).toContain('datos de salud');
      expect(entry?.comentario).toContain('Lo que hicimos: Pedimos el borrado');
      expect(entry?.comentario).toContain('datos.personales@mutual.cl');
      expect(entry?.comentario).toContain('Agencia de Protección de Datos Personales');
      expect(entry?.comentario).not.toContain('proveedor externo');
    }
    const audited = await t.db.query<{ complaint_id: number }>(
      "SELECT complaint_id FROM audit_log WHERE action = 'brecha.aviso_caso' ORDER BY id",
    );
    expect(new Set(audited.map((a) => a.complaint_id).slice(-2))).toEqual(
      new Set([withMail.id, withoutMail.id]),
    );

    const again = await admin.call(contract.notifyBreachSubjects, { params: { id: created.id } });
    expect(again.json()).toMatchObject({ avisados: 0, correos: 0 });
    expect((await notices()).length).toBe(before + 1);
  });

  it('exports the register as CSV, audited', async () => {
    const res = await admin.call(contract.exportBreachesCsv, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'N°;Detectado;Qué ocurrió;Organizaciones;Casos;Datos afectados;Riesgo;Evaluación del riesgo;Medidas;Aviso a la Agencia;Aviso a las personas afectadas;Casos avisados;Registrado;Registrado por',
    );
    expect(res.body).toContain('20-11-2026;Un informe con datos de denuncias');
    expect(res.body).toContain('Identificación (nombre, RUT), Datos de salud;Alto');
    const listed = (await admin.call(contract.listBreaches, {})).json().brechas as BreachWire[];
    expect(lines.filter((l) => /^\d+;/.test(l))).toHaveLength(listed.length);
    expect((await lastAudit('brechas.exportadas'))?.detalle).toEqual({ filas: listed.length });
  });
});

describe('the confirmation mail', () => {
  it('links the organisation’s privacy notice', async () => {
    const { ticket } = await newCase();
    const confirmation = (await drainMail()).find((m) =>
      m.subject.includes(`Código de seguimiento ${ticket}`),
    );
    expect(confirmation?.text).toContain('/aviso-de-privacidad');
  });
});
