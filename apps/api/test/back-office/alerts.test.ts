import { contract } from '@canal/shared/contract';
import { organizationById } from '@canal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  CEM,
  CLINICA_ATACAMA,
  EMAIL,
  HEAD_OFFICE,
  anonymous,
  denuncia,
  fileAndLogin,
} from '@canal/test-support/complaints';
import { decodeMail, startSmtp } from '../support/smtp';
import { staff, type StaffClient } from '@canal/test-support/staff';
import {
  announceNewComplaint,
  alertReceivers,
  newComplaintAlertTime,
} from '../../src/core/notifications/notify';
import { outboxStore } from '../../src/core/mail/outbox-store';

/**
 * Nobody may miss a complaint or a deadline (issue 11): the receivers of a new complaint are told
 * at once (a real SMTP server receives the mails), routing rules add receivers and assign, the
 * confirmation records the acknowledgement, and one staff sitting sends the complainant one mail.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: StaffClient; // every organisation
let adminCem: StaffClient; // administrator who names only CEM
let investigatorHq: StaffClient;
let inactiveHq: StaffClient;
let investigatorAtacama: StaffClient;
let auditorHq: StaffClient;
let otherInvestigatorHq: StaffClient;

const hq = organizationById(HEAD_OFFICE);
let karinCategory: number;
let otherCategory: number;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Canal de Denuncias <canal@prueba.cl>' },
  });
  admin = await staff(t, { role: 'administrador', email: 'admin.todas@empresa.cl' });
  adminCem = await staff(t, {
    role: 'administrador',
    email: 'admin.cem@empresa.cl',
    organizations: [CEM],
  });
  investigatorHq = await staff(t, {
    role: 'investigador',
    email: 'investigadora.hq@empresa.cl',
    name: 'Ana Investigadora',
    organizations: [HEAD_OFFICE],
  });
  inactiveHq = await staff(t, {
    role: 'investigador',
    email: 'inactivo.hq@empresa.cl',
    organizations: [HEAD_OFFICE],
  });
  investigatorAtacama = await staff(t, {
    role: 'investigador',
    email: 'investigador.atacama@empresa.cl',
    organizations: [CLINICA_ATACAMA],
  });
  auditorHq = await staff(t, {
    role: 'auditor',
    email: 'auditor.hq@empresa.cl',
    organizations: [HEAD_OFFICE],
  });
  otherInvestigatorHq = await staff(t, {
    role: 'investigador',
    email: 'otra.investigadora.hq@empresa.cl',
    name: 'Beatriz Otra',
    organizations: [HEAD_OFFICE],
  });
  const off = await admin.call(contract.updateUser, {
    params: { id: inactiveHq.id },
    body: { activo: false },
  });
  expect(off.statusCode).toBe(200);
  karinCategory = t.services.catalogue.category(hq, 26)!.categoria.id;
  otherCategory = t.services.catalogue.category(hq, 1)!.categoria.id;
  expect(otherCategory).not.toBe(karinCategory);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/**
 * Sends what is due through the real SMTP server, the new-complaint alerts' slot taken as over
 * (they wait for the end of their quarter hour: tested apart); the messages received by then,
 * decoded.
 */
async function deliver() {
  await t.db.query(
    `UPDATE outbox SET next_attempt_at = now() WHERE kind = 'staff-new-complaint' AND status = 'pending'`,
  );
  await t.services.outbox.drain(t.db, 100);
  return smtp.inbox.map((m) => ({ to: m.to, text: decodeMail(m.raw) }));
}

async function newCase(payload = denuncia()) {
  const filed = await fileAndLogin(t.app, payload);
  const [row] = await t.db.query<{ id: number; case_number: string; assignee_id: number | null }>(
    'SELECT id, case_number, assignee_id FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  return { ...filed, id: row!.id, caseNumber: row!.case_number, assigneeId: row!.assignee_id };
}

const rule = (body: {
  organizacion?: string;
  categoria_id?: number | null;
  usuario_id: number;
  asignar?: boolean;
}) => ({ organizacion: HEAD_OFFICE, categoria_id: null, asignar: false, ...body });

async function removeAllRules() {
  const list = (await admin.call(contract.listAlertRules, {})).json();
  for (const r of list.reglas as { id: number }[])
    expect((await admin.call(contract.deleteAlertRule, { params: { id: r.id } })).statusCode).toBe(
      204,
    );
}

beforeEach(async () => {
  await deliver();
  smtp.inbox.length = 0;
});

describe('routing rules (administrators, audited)', () => {
  it('creates, lists, changes and deletes a rule, each change in the audit log', async () => {
    const created = await admin.call(contract.createAlertRule, {
      body: rule({ categoria_id: karinCategory, usuario_id: investigatorHq.id, asignar: true }),
    });
    expect(created.statusCode).toBe(201);
    const r = created.json();
    expect(r).toMatchObject({
      organizacion: HEAD_OFFICE,
      categoria: { id: karinCategory },
      usuario: { id: investigatorHq.id, nombre: 'Ana Investigadora' },
      asignar: true,
    });
    expect(r.categoria.nombre).toMatch(/21\.643/);

    const list = (await admin.call(contract.listAlertRules, {})).json();
    expect(list.reglas.map((x: { id: number }) => x.id)).toEqual([r.id]);
    expect(list.categorias).toContainEqual({
      organizacion: HEAD_OFFICE,
      id: karinCategory,
      nombre: r.categoria.nombre,
    });

    const changed = await admin.call(contract.updateAlertRule, {
      params: { id: r.id },
      body: rule({ categoria_id: null, usuario_id: investigatorHq.id, asignar: false }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ categoria: null, asignar: false });

    expect((await admin.call(contract.deleteAlertRule, { params: { id: r.id } })).statusCode).toBe(
      204,
    );
    expect((await admin.call(contract.listAlertRules, {})).json().reglas).toEqual([]);
    const again = await admin.call(contract.deleteAlertRule, { params: { id: r.id } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No se encontró la regla de aviso solicitada.');

    const audit = await t.db.query<{ action: string; actor_id: number; detail: string }>(
      `SELECT action, actor_id, detail FROM audit_log WHERE action LIKE 'regla_aviso.%' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'regla_aviso.creada',
      'regla_aviso.modificada',
      'regla_aviso.eliminada',
    ]);
    expect(audit.every((a) => a.actor_id === admin.id)).toBe(true);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({
      regla_id: r.id,
      organizacion: HEAD_OFFICE,
      categoria_id: karinCategory,
      usuario_id: investigatorHq.id,
      asignar: true,
    });
  });

  it('refuses bad rules with a message in Spanish', async () => {
    const refused = async (body: unknown, status: number, message: string) => {
      const res = await admin.call(contract.createAlertRule, { body: body as never });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused(
      rule({ organizacion: 'no-existe', usuario_id: investigatorHq.id }),
      400,
      'Debe elegir una organización válida.',
    );
    await refused(
      { ...rule({ usuario_id: investigatorHq.id }), categoria_id: 'x' },
      400,
      'La categoría elegida no es válida.',
    );
    await refused(
      rule({ categoria_id: 999, usuario_id: investigatorHq.id }),
      400,
      'La categoría elegida no existe en esa organización.',
    );
    await refused(
      { organizacion: HEAD_OFFICE, categoria_id: null, asignar: false },
      400,
      'Debe elegir a la persona que recibe el aviso.',
    );
    const notThere =
      'La persona elegida no puede recibir los casos de esa organización (debe estar activa y trabajar en ella).';
    await refused(rule({ usuario_id: investigatorAtacama.id }), 400, notThere);
    await refused(rule({ usuario_id: inactiveHq.id }), 400, notThere);
    await refused(rule({ usuario_id: 987654 }), 400, notThere);
    await refused(
      rule({ usuario_id: auditorHq.id, asignar: true }),
      400,
      'Solo una persona administradora o investigadora puede recibir los casos asignados.',
    );

    const first = await admin.call(contract.createAlertRule, {
      body: rule({ usuario_id: investigatorHq.id, asignar: true }),
    });
    expect(first.statusCode).toBe(201);
    await refused(
      rule({ usuario_id: investigatorHq.id }),
      409,
      'Esa persona ya tiene una regla de aviso para esa organización y categoría.',
    );
    await refused(
      rule({ usuario_id: otherInvestigatorHq.id, asignar: true }),
      409,
      'Ya hay una regla que asigna los casos de esa organización y categoría.',
    );
    // Another category is another scope.
    expect(
      (
        await admin.call(contract.createAlertRule, {
          body: rule({
            categoria_id: karinCategory,
            usuario_id: otherInvestigatorHq.id,
            asignar: true,
          }),
        })
      ).statusCode,
    ).toBe(201);
    const missing = await admin.call(contract.updateAlertRule, {
      params: { id: 987654 },
      body: rule({ usuario_id: investigatorHq.id }),
    });
    expect(missing.statusCode).toBe(404);
    await removeAllRules();
  });

  it('is for administrators only', async () => {
    expect((await investigatorHq.call(contract.listAlertRules, {})).statusCode).toBe(403);
    expect((await auditorHq.call(contract.listAlertRules, {})).statusCode).toBe(403);
    expect(
      (
        await investigatorHq.call(contract.createAlertRule, {
          body: rule({ usuario_id: investigatorHq.id }),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('a new complaint alerts its receivers', () => {
  it('at the end of the quarter hour it was received in, the same instant for every receiver, with no time in the mail', async () => {
    const at = (iso: string) => newComplaintAlertTime(new Date(iso), 15).toISOString();
    expect(at('2026-05-14T14:07:23.456Z')).toBe('2026-05-14T14:15:00.000Z');
    expect(at('2026-05-14T14:00:00.000Z')).toBe('2026-05-14T14:15:00.000Z');
    expect(at('2026-05-14T14:59:59.999Z')).toBe('2026-05-14T15:00:00.000Z');
    expect(t.services.config.NEW_COMPLAINT_ALERT_SLOT_MINUTES).toBe(15);

    // A complaint filed now: its three alerts wait for the end of its quarter hour, together.
    const c = await newCase(anonymous());
    const [{ created_at: receivedAt }] = (await t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM complaints WHERE id = $1',
      [c.id],
    )) as [{ created_at: Date }];
    const held = await t.db.query<{ next_attempt_at: Date }>(
      `SELECT next_attempt_at FROM outbox WHERE kind = 'staff-new-complaint' AND status = 'pending'`,
    );
    expect(held).toHaveLength(3);
    for (const row of held)
      expect(row.next_attempt_at.toISOString()).toBe(
        newComplaintAlertTime(receivedAt, 15).toISOString(),
      );

    // With the clock moved: received in a quarter hour still to come, nothing leaves…
    const alert = (receivedAt: Date) =>
      t.db.transaction((tx) =>
        alertReceivers(t.services, tx, {
          id: c.id,
          ticket: c.ticket,
          caseNumber: c.caseNumber,
          organizationId: HEAD_OFFICE,
          categoryId: otherCategory,
          typeId: 1,
          receivedAt,
        }),
      );
    await t.db.query(
      `DELETE FROM outbox WHERE kind = 'staff-new-complaint' AND status = 'pending'`,
    );
    await alert(new Date(Date.now() + 60 * 60_000));
    await t.services.outbox.drain(t.db, 100);
    expect(
      smtp.inbox.map((m) => decodeMail(m.raw)).filter((m) => m.includes('Nuevo caso')),
    ).toEqual([]);
    // …received in a quarter hour that is over, they leave with the next drain: neutral, no time.
    await t.db.query(
      `DELETE FROM outbox WHERE kind = 'staff-new-complaint' AND status = 'pending'`,
    );
    await alert(new Date(Date.now() - 15 * 60_000));
    await t.services.outbox.drain(t.db, 100);
    const sent = smtp.inbox
      .map((m) => ({ to: m.to, text: decodeMail(m.raw) }))
      .filter((m) => m.text.includes(`Nuevo caso ${c.caseNumber}`));
    expect(sent).toHaveLength(3);
    for (const m of sent) {
      // The subject (first line) and the body (from its greeting on), not the transport's headers.
      const words = `${m.text.split('\n')[0]}\n${m.text.slice(m.text.indexOf('Hola:'))}`;
      expect(words).toContain(c.caseNumber);
      expect(words).not.toMatch(/\b\d{1,2}:\d{2}\b/);
    }
  });

  it('mails the organisation’s administrators and investigators, neutral, with the Law 21.643 wording', async () => {
    const c = await newCase(denuncia({ tipo_delito_id: 26 }));
    const mails = await deliver();
    const alerts = mails.filter((m) => m.text.includes(`Nuevo caso ${c.caseNumber}`));
    expect(alerts.map((m) => m.to[0]).sort()).toEqual(
      [admin.email, investigatorHq.email, otherInvestigatorHq.email].sort(),
    );
    for (const m of alerts) {
      expect(m.text).toContain('Ley N° 21.643');
      expect(m.text).toMatch(/medidas de resguardo deben adoptarse de inmediato: vencen hoy/);
      expect(m.text).toContain(`/gestion/casos/${c.id}`);
      // Nothing of the complaint but its number.
      expect(m.text).not.toContain('Mi jefatura me grita');
      expect(m.text).not.toContain('María José');
      expect(m.text).not.toContain(EMAIL);
    }
    // Not the inactive one, not another organisation's staff, not the auditor.
    const told = alerts.flatMap((m) => m.to);
    for (const nobody of [inactiveHq, investigatorAtacama, auditorHq, adminCem])
      expect(told).not.toContain(nobody.email);
  });

  it('says nothing of protective measures outside Law 21.643, and tells the other organisation’s own staff', async () => {
    const c = await newCase(anonymous());
    const alerts = (await deliver()).filter((m) => m.text.includes(`Nuevo caso ${c.caseNumber}`));
    expect(alerts).toHaveLength(3);
    expect(alerts.some((m) => /resguardo/.test(m.text))).toBe(false);

    // Another organisation's case reaches its own investigator and the administrator of all.
    smtp.inbox.length = 0;
    await t.db.transaction((tx) =>
      alertReceivers(t.services, tx, {
        id: c.id,
        ticket: c.ticket,
        caseNumber: 'CAT-2026-00001',
        organizationId: CLINICA_ATACAMA,
        categoryId: otherCategory,
        typeId: 1,
        receivedAt: new Date(),
      }),
    );
    expect((await deliver()).flatMap((m) => m.to).sort()).toEqual(
      [admin.email, investigatorAtacama.email].sort(),
    );
  });

  it('adds a routing rule’s person, and leaves out whoever is excluded from the case', async () => {
    const added = await admin.call(contract.createAlertRule, {
      body: rule({ categoria_id: otherCategory, usuario_id: auditorHq.id }),
    });
    expect(added.statusCode).toBe(201);
    const c = await newCase(anonymous());
    const told = (await deliver())
      .filter((m) => m.text.includes(`Nuevo caso ${c.caseNumber}`))
      .flatMap((m) => m.to);
    expect(told).toContain(auditorHq.email);
    // The rule is of another category than Law 21.643's: a Karin case does not reach the auditor.
    const karin = await newCase(denuncia({ tipo_delito_id: 27 }));
    expect(
      (await deliver())
        .filter((m) => m.text.includes(`Nuevo caso ${karin.caseNumber}`))
        .flatMap((m) => m.to),
    ).not.toContain(auditorHq.email);

    // The same alert for a case someone is excluded from leaves that person out.
    smtp.inbox.length = 0;
    await t.db.query('INSERT INTO case_exclusions (complaint_id, user_id) VALUES ($1, $2)', [
      c.id,
      investigatorHq.id,
    ]);
    await t.db.transaction((tx) =>
      alertReceivers(t.services, tx, {
        id: c.id,
        ticket: c.ticket,
        caseNumber: c.caseNumber,
        organizationId: HEAD_OFFICE,
        categoryId: otherCategory,
        typeId: 1,
        receivedAt: new Date(),
      }),
    );
    const again = (await deliver()).flatMap((m) => m.to);
    expect(again).not.toContain(investigatorHq.email);
    expect(again).toContain(otherInvestigatorHq.email);
    await removeAllRules();
  });

  it('assigns the case by rule, logged and audited like a manual assignment', async () => {
    const byCategory = await admin.call(contract.createAlertRule, {
      body: rule({ categoria_id: karinCategory, usuario_id: investigatorHq.id, asignar: true }),
    });
    expect(byCategory.statusCode).toBe(201);
    const everyCategory = await admin.call(contract.createAlertRule, {
      body: rule({ usuario_id: otherInvestigatorHq.id, asignar: true }),
    });
    expect(everyCategory.statusCode).toBe(201);

    const karin = await newCase(denuncia({ tipo_delito_id: 28 }));
    expect(karin.assigneeId).toBe(investigatorHq.id);
    const view = (await admin.call(contract.viewCase, { params: { id: karin.id } })).json();
    expect(view.caso.asignado).toEqual({ id: investigatorHq.id, nombre: 'Ana Investigadora' });
    expect(view.bitacora.interna.map((e: { evento: string }) => e.evento)).toContain(
      'Caso asignado a Ana Investigadora por una regla de aviso',
    );
    const [audit] = await t.db.query<{ actor_id: number | null; detail: string }>(
      `SELECT actor_id, detail FROM audit_log WHERE action = 'caso.asignado' AND complaint_id = $1`,
      [karin.id],
    );
    expect(audit!.actor_id).toBeNull();
    expect(JSON.parse(audit!.detail)).toEqual({
      usuario_id: investigatorHq.id,
      regla_id: byCategory.json().id,
    });
    // The rule of every category takes the others.
    const other = await newCase(anonymous());
    expect(other.assigneeId).toBe(otherInvestigatorHq.id);

    // A case someone already handles (a staff intake may assign it) keeps its person.
    await t.db.query('UPDATE complaints SET assignee_id = $2 WHERE id = $1', [
      other.id,
      investigatorHq.id,
    ]);
    await t.db.transaction((tx) =>
      alertReceivers(t.services, tx, {
        id: other.id,
        ticket: other.ticket,
        caseNumber: other.caseNumber,
        organizationId: HEAD_OFFICE,
        categoryId: otherCategory,
        typeId: 1,
        receivedAt: new Date(),
      }),
    );
    const [kept] = await t.db.query<{ assignee_id: number }>(
      'SELECT assignee_id FROM complaints WHERE id = $1',
      [other.id],
    );
    expect(kept!.assignee_id).toBe(investigatorHq.id);
    const audits = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'caso.asignado' AND complaint_id = $1`,
      [other.id],
    );
    expect(audits).toHaveLength(1);

    // A person who can no longer take cases is not assigned; the alert still goes out.
    await t.db.query('UPDATE staff_users SET active = false WHERE id = $1', [
      otherInvestigatorHq.id,
    ]);
    const unassigned = await newCase(anonymous());
    expect(unassigned.assigneeId).toBeNull();
    await t.db.query('UPDATE staff_users SET active = true WHERE id = $1', [
      otherInvestigatorHq.id,
    ]);
    await removeAllRules();
  });
});

describe('acknowledgement of receipt', () => {
  it('is recorded by the system when the confirmation is queued, and shows in the case', async () => {
    const c = await newCase(anonymous());
    const [row] = await t.db.query<{ completed_on: string; recorded_by: number | null }>(
      `SELECT to_char(completed_on, 'YYYY-MM-DD') AS completed_on, recorded_by
         FROM case_milestones WHERE complaint_id = $1 AND milestone = 'acuse_recibo'`,
      [c.id],
    );
    expect(row).toBeDefined();
    expect(row!.recorded_by).toBeNull();
    const view = (await admin.call(contract.viewCase, { params: { id: c.id } })).json();
    const acuse = view.hitos.find((h: { clave: string }) => h.clave === 'acuse_recibo');
    expect(acuse).toMatchObject({
      estado: 'done',
      completado: row!.completed_on,
      por_sistema: true,
    });
    expect(view.hitos.find((h: { clave: string }) => h.clave === 'respuesta').por_sistema).toBe(
      false,
    );
    expect(view.bitacora.visible).toContainEqual(
      expect.objectContaining({ evento: 'Hito: Acuse de recibo', autor: 'Sistema' }),
    );
    // The next due date now counts the answer from the acknowledgement.
    const respuesta = view.hitos.find((h: { clave: string }) => h.clave === 'respuesta');
    expect(respuesta.provisorio).toBe(false);
    // And the confirmation did go out.
    const confirmation = (await deliver()).filter((m) => m.to.includes(EMAIL));
    expect(confirmation.some((m) => m.text.includes(String(c.ticket)))).toBe(true);
  });

  it('stays pending when there is no address to confirm to (staff record it)', async () => {
    const c = await newCase(anonymous());
    await t.db.query('DELETE FROM case_milestones WHERE complaint_id = $1', [c.id]);
    await t.db.transaction((tx) =>
      announceNewComplaint(
        t.services,
        tx,
        {
          id: c.id,
          ticket: c.ticket,
          caseNumber: c.caseNumber,
          organizationId: HEAD_OFFICE,
          categoryId: otherCategory,
          typeId: 1,
          receivedAt: new Date(),
        },
        null,
      ),
    );
    const rows = await t.db.query('SELECT 1 FROM case_milestones WHERE complaint_id = $1', [c.id]);
    expect(rows).toHaveLength(0);
    // The receivers are still told.
    const told = (await deliver()).filter((m) => m.text.includes(`Nuevo caso ${c.caseNumber}`));
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((m) => !m.to.includes(EMAIL))).toBe(true);
  });

  it('is not part of a Law 21.643 case', async () => {
    const c = await newCase(denuncia({ tipo_delito_id: 26 }));
    const rows = await t.db.query('SELECT 1 FROM case_milestones WHERE complaint_id = $1', [c.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('one mail instead of three', () => {
  const updatesTo = (mails: { to: string[]; text: string }[]) =>
    mails.filter((m) => m.to.includes(EMAIL) && /Actualización del código/.test(m.text));

  it('merges a milestone, a status change and a reply into one mail with the newest status', async () => {
    const c = await newCase(anonymous());
    await deliver();
    smtp.inbox.length = 0;
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
    expect(
      (
        await investigatorHq.call(contract.recordMilestone, {
          params: { id: c.id, clave: 'respuesta' },
          body: { fecha: today, comentario: 'Se abrió una investigación interna.' },
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect(
      (
        await investigatorHq.call(contract.changeStatus, {
          params: { id: c.id },
          body: { estado: 'En análisis', comentario: 'Revisamos los antecedentes.' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await investigatorHq.call(contract.changeStatus, {
          params: { id: c.id },
          body: { estado: 'En investigación', comentario: 'Comienza la investigación.' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await investigatorHq.call(contract.replyToComplainant, {
          params: { id: c.id },
          body: { comentario: 'Le escribiremos pronto.' },
        })
      ).statusCode,
    ).toBeLessThan(300);

    // It waits a moment for the rest of the sitting: nothing yet.
    expect(updatesTo(await deliver())).toHaveLength(0);
    const queued = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'complainant-update' AND status = 'pending'`,
    );
    expect(queued[0]!.n).toBe(1);

    await t.services.outbox.retryNow(t.db);
    const updates = updatesTo(await deliver());
    expect(updates).toHaveLength(1);
    expect(updates[0]!.text).toContain('En investigación');
    expect(updates[0]!.text).not.toContain('En análisis');

    // Once that one is sent, the next action is a mail of its own.
    await investigatorHq.call(contract.replyToComplainant, {
      params: { id: c.id },
      body: { comentario: 'Otra novedad.' },
    });
    await t.services.outbox.retryNow(t.db);
    expect(updatesTo(await deliver())).toHaveLength(2);
  });

  it('never changes a message a drain has claimed: a later update is a mail of its own', async () => {
    const c = await newCase(anonymous());
    await deliver();
    smtp.inbox.length = 0;
    await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: { estado: 'En análisis', comentario: 'x' },
    });
    await t.services.outbox.retryNow(t.db);
    // Another instance's drain holds it (claimed, not yet sent).
    const claimed = await outboxStore.claimNext(t.db, crypto.randomUUID(), 60_000);
    expect(claimed).not.toBeNull();
    await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: { estado: 'En investigación', comentario: 'y' },
    });
    const rows = await t.db.query<{ status: string; coalesce_key: string | null }>(
      `SELECT status, coalesce_key FROM outbox WHERE kind = 'complainant-update' AND status <> 'sent' ORDER BY id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['sending', 'pending']);
    expect(rows[0]!.coalesce_key).toBeNull();
    // Given back (the other process stops): both stay, no conflict.
    await t.db.query(
      `UPDATE outbox SET status = 'pending', lease_id = NULL, locked_until = NULL WHERE id = $1`,
      [claimed!.id],
    );
    await t.services.outbox.retryNow(t.db);
    expect(updatesTo(await deliver())).toHaveLength(2);
  });
});
