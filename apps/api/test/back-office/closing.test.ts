import { contract } from '@canal/shared/contract';
import { MESSAGES } from '@canal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  denuncia,
  EMAIL,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { decodeMail, startSmtp } from '../support/smtp';
import { addWorkingDays, civilDateInZone } from '../../src/core/deadlines';
import { mailDeadlineDigest } from '../../src/back-office/cases/digest';
import { closeCase, openMilestoneKeys, staff, type StaffClient } from '@canal/test-support/staff';

// Closing a case does not stop the legal clock (decision 0013).

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let investigator: StaffClient;
let admin: StaffClient;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await staff(t, { role: 'administrador' });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const today = () => civilDateInZone(new Date());
const CLOSING = { comentario: 'Concluimos la investigación.', resolucion: 'Amonestación escrita.' };

async function newCase(payload = denuncia()) {
  const filed = await fileAndLogin(t.app, payload);
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  return { ...filed, id: row!.id, caseNumber: row!.case_number };
}

type MilestoneView = { clave: string; estado: string; vence: string; completado: string | null };
const view = async (id: number) =>
  (await investigator.call(contract.viewCase, { params: { id } })).json();
const milestones = async (id: number): Promise<Record<string, MilestoneView>> =>
  Object.fromEntries((await view(id)).hitos.map((h: MilestoneView) => [h.clave, h]));

/** The mails the real SMTP server received to `to` since the inbox was emptied, decoded. */
async function mailsTo(to: string): Promise<string[]> {
  // Complainant updates wait to merge (decision 0012): send them now.
  await t.services.outbox.retryNow(t.db);
  await t.services.outbox.drain(t.db);
  return smtp.inbox
    .filter((m) => m.to.includes(to))
    .map((m) => decodeMail(m.raw).replace(/\s+/g, ' '));
}

describe('closing a Law 21.643 case', () => {
  it('is refused while open milestones are not confirmed, with a Spanish message naming them', async () => {
    const c = await newCase();
    const close = (hitos_confirmados?: string[]) =>
      investigator.call(contract.changeStatus, {
        params: { id: c.id },
        body: { estado: 'Cerrada', ...CLOSING, hitos_confirmados },
      });

    const refused = await close();
    expect(refused.statusCode).toBe(409);
    const message: string = refused.json().message;
    expect(message).toMatch(/^El caso tiene hitos legales abiertos\./);
    expect(message).toContain(
      'Quedarán como no registrados: Adopción de medidas de resguardo; Decisión de investigar',
    );
    expect(message).toContain(
      'Seguirán pendientes después del cierre, con avisos por correo hasta registrarlos: ' +
        'Envío del informe a la Dirección del Trabajo (vence el ',
    );
    expect(message).toContain('Adopción de medidas y sanciones');
    // The investigation's closing is what the closing itself records: not an open milestone.
    expect(message).not.toContain('Cierre de la investigación');

    // Confirming only some of them is not enough.
    const keys = await openMilestoneKeys(investigator, c.id);
    expect(keys).toEqual([
      'medidas_resguardo',
      'decision_y_aviso_dt',
      'aviso_inicio_dt',
      'investigador_designado',
      'informe_enviado_dt',
      'pronunciamiento_dt',
      'medidas_adoptadas',
    ]);
    expect((await close(keys.slice(1))).statusCode).toBe(409);
    const untouched = await view(c.id);
    expect(untouched.caso.estado).toBe('Recibida');
    expect(untouched.hitos.every((h: MilestoneView) => h.completado === null)).toBe(true);

    smtp.inbox.length = 0;
    expect((await close(keys)).statusCode).toBe(201);
    const after = await view(c.id);
    const byKey: Record<string, MilestoneView> = Object.fromEntries(
      after.hitos.map((h: MilestoneView) => [h.clave, h]),
    );
    // The closing records the investigation's closing today; the report to the DT is due two
    // working days later, and that is the case's next due date.
    expect(byKey.investigacion_cerrada).toMatchObject({ estado: 'done', completado: today() });
    expect(byKey.informe_enviado_dt!.vence).toBe(addWorkingDays(today(), 2));
    expect(['soon', 'pending']).toContain(byKey.informe_enviado_dt!.estado);
    expect(['soon', 'pending']).toContain(byKey.medidas_adoptadas!.estado);
    expect(byKey.medidas_resguardo!.estado).toBe('no_registrado');
    expect(after.caso).toMatchObject({
      estado: 'Cerrada',
      proximo_vencimiento: addWorkingDays(today(), 2),
    });
    expect(after.bitacora.interna.map((e: { evento: string }) => e.evento)).toContain(
      'Hito: Cierre de la investigación (registrado al cerrar el caso)',
    );
    // The audit log keeps what the person confirmed closing with.
    const audit = (
      await admin.call(contract.auditLog, { querystring: { caso: c.id, limite: '50' } })
    ).json();
    const closingEntry = audit.entradas.find(
      (e: { accion: string; detalle: { a?: string } }) =>
        e.accion === 'caso.estado' && e.detalle.a === 'Cerrada',
    );
    expect(closingEntry.detalle).toEqual({ de: 'Recibida', a: 'Cerrada', hitos_abiertos: keys });
    expect(
      audit.entradas.some(
        (e: { accion: string; detalle: { hito?: string } }) =>
          e.accion === 'caso.hito' && e.detalle.hito === 'investigacion_cerrada',
      ),
    ).toBe(true);

    // The closing notice tells the complainant where else they may go.
    const notice = (await mailsTo(EMAIL)).find((m) => m.includes(MESSAGES.complainantRights));
    expect(notice).toBeDefined();
    expect(notice).toContain('Cerrada');
  });

  it('keeps the duties after closing in the inbox and the digest until they are recorded', async () => {
    const assignee = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
    const c = await newCase();
    await assignee.call(contract.assignCase, {
      params: { id: c.id },
      body: { usuario_id: assignee.id },
    });
    expect((await closeCase(assignee, c.id, CLOSING)).statusCode).toBe(201);
    // Closed ten days ago, received a month ago: the report to the DT is overdue.
    await t.db.query(
      `UPDATE complaints SET created_at = now() - interval '30 days' WHERE id = $1`,
      [c.id],
    );
    await t.db.query(
      `UPDATE case_milestones SET completed_on = completed_on - 10 WHERE complaint_id = $1`,
      [c.id],
    );

    smtp.inbox.length = 0;
    const now = new Date();
    now.setUTCHours(15); // 11:00 or 12:00 in Santiago
    expect(await mailDeadlineDigest(t.services, now)).toBeGreaterThanOrEqual(1);
    const digest = (await mailsTo(assignee.email)).join('\n');
    expect(digest).toContain(c.caseNumber);
    expect(digest).toContain('Envío del informe a la Dirección del Trabajo');
    // What was left unrecorded before closing is no longer chased.
    expect(digest).not.toContain('Adopción de medidas de resguardo');

    // The inbox sorts and filters by it: overdue among the closed cases.
    const overdue = (
      await assignee.call(contract.inbox, {
        querystring: { estado: 'Cerrada', vencidos: 'true' },
      })
    ).json();
    expect(overdue.casos.map((x: { id: number }) => x.id)).toContain(c.id);
    expect(overdue.casos.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      vencido: true,
      proximo_vencimiento: (await milestones(c.id)).informe_enviado_dt!.vence,
    });

    // The duties after closing can be recorded on the closed case; then nothing is pending.
    const record = (clave: string, comentario?: string) =>
      assignee.call(contract.recordMilestone, {
        params: { id: c.id, clave },
        body: { fecha: today(), comentario },
      });
    expect((await record('informe_enviado_dt')).statusCode).toBe(200);
    expect((await record('pronunciamiento_dt')).statusCode).toBe(200);
    expect(
      (await record('medidas_adoptadas', 'Se aplicó la amonestación y se capacitó al equipo.'))
        .statusCode,
    ).toBe(200);
    const done = await milestones(c.id);
    for (const key of ['informe_enviado_dt', 'pronunciamiento_dt', 'medidas_adoptadas'])
      expect(done[key]).toMatchObject({ estado: 'done', completado: today() });
    expect((await view(c.id)).caso).toMatchObject({
      estado: 'Cerrada',
      proximo_vencimiento: null,
      vencido: false,
    });

    // The next day's digest mails the assignee nothing about it.
    smtp.inbox.length = 0;
    const tomorrow = new Date(now.getTime() + 24 * 3600_000);
    await mailDeadlineDigest(t.services, tomorrow);
    expect((await mailsTo(assignee.email)).join('\n')).not.toContain(c.caseNumber);
  });

  it('still refuses any other change, and milestones from before the closing', async () => {
    const c = await newCase();
    expect((await closeCase(investigator, c.id, CLOSING)).statusCode).toBe(201);
    const status = await investigator.call(contract.changeStatus, {
      params: { id: c.id },
      body: { estado: 'En análisis', comentario: 'Reabrimos.' },
    });
    expect(status.statusCode).toBe(409);
    const reply = await investigator.call(contract.replyToComplainant, {
      params: { id: c.id },
      body: { comentario: 'Hola.' },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('El caso está cerrado y no admite ese cambio.');
    for (const clave of ['medidas_resguardo', 'investigacion_cerrada']) {
      const res = await investigator.call(contract.recordMilestone, {
        params: { id: c.id, clave },
        body: { fecha: today() },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'El caso está cerrado: solo admite registrar los hitos posteriores al cierre.',
      );
    }
    expect((await milestones(c.id)).medidas_resguardo!.estado).toBe('no_registrado');
  });
});

describe('closing a case of another type', () => {
  it('asks to confirm its open milestones too, and leaves nothing pending', async () => {
    const c = await newCase(anonymous());
    const refused = await investigator.call(contract.changeStatus, {
      params: { id: c.id },
      body: { estado: 'Cerrada', ...CLOSING },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      // The acknowledgement was recorded when the confirmation mail went out (decision 0012).
      'El caso tiene hitos legales abiertos. Quedarán como no registrados: ' +
        'Respuesta al denunciante. Para cerrar el caso, confirme los hitos abiertos.',
    );
    expect((await closeCase(investigator, c.id, CLOSING)).statusCode).toBe(201);
    const closed = await view(c.id);
    expect(closed.caso.proximo_vencimiento).toBeNull();
    expect(closed.hitos.map((h: MilestoneView) => h.estado)).toEqual(['done', 'no_registrado']);
  });

  it('needs no confirmation when every milestone is recorded', async () => {
    const c = await newCase(anonymous());
    for (const clave of ['acuse_recibo', 'respuesta'])
      expect(
        (
          await investigator.call(contract.recordMilestone, {
            params: { id: c.id, clave },
            body: { fecha: today(), comentario: 'Informado.' },
          })
        ).statusCode,
      ).toBe(200);
    const closed = await investigator.call(contract.changeStatus, {
      params: { id: c.id },
      body: { estado: 'Cerrada', ...CLOSING },
    });
    expect(closed.statusCode).toBe(201);
  });
});

describe('a complainant who writes after the closing (decision 0034)', () => {
  it('is heard: the comment is saved in the log, the case stays closed, and its investigator and administrators are told', async () => {
    const c = await newCase(anonymous());
    await admin.call(contract.assignCase, {
      params: { id: c.id },
      body: { usuario_id: investigator.id },
    });
    const otherInvestigator = await staff(t, {
      role: 'investigador',
      organizations: [HEAD_OFFICE],
    });
    expect((await closeCase(investigator, c.id, CLOSING)).statusCode).toBe(201);
    await mailsTo('nadie');
    smtp.inbox.length = 0;

    const comment = 'No estoy de acuerdo con la resolución: los hechos siguen ocurriendo.';
    const res = await callApi(t.app, contract.addComment, {
      headers: c.auth,
      body: { comentario: comment, denuncia_id: c.ticket },
    });
    expect(res.statusCode).toBe(201);

    const detail = (
      await callApi(t.app, contract.complaintDetail, {
        headers: c.auth,
        params: { id: String(c.ticket) },
      })
    ).json();
    expect(detail.estado_denuncia).toBe('Cerrada');
    expect(detail.denuncia_bitacora.at(-1)).toMatchObject({ comentario: comment });
    const staffView = await view(c.id);
    expect(staffView.caso.estado).toBe('Cerrada');
    expect(staffView.bitacora.visible.at(-1)).toMatchObject({ comentario: comment });

    // Neutral mails, by case number, to who handled it and to the administrators; nobody else.
    for (const to of [investigator.email, admin.email]) {
      const [mail, ...more] = await mailsTo(to);
      expect(more).toEqual([]);
      expect(mail).toContain(
        `La persona denunciante agregó un comentario en el caso ${c.caseNumber}, que ya está cerrado.`,
      );
      expect(mail).not.toContain('los hechos siguen');
    }
    expect(await mailsTo(otherInvestigator.email)).toEqual([]);
  });
});
