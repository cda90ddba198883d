import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, fileAndLogin, HEAD_OFFICE, CEM } from '@canal/test-support/complaints';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

/**
 * The complainant's rights in the product (issue 11, decision 0022): asking for the investigator
 * to be replaced, answered by an administrator in the complainant's log; and seeing when the team
 * read their last message.
 */

let t: TestApp;
let admin: StaffClient;
let adminCem: StaffClient;
let auditor: StaffClient;
let investigator: StaffClient;
let otherInvestigator: StaffClient;

const REASON = 'La persona a cargo trabaja en el mismo equipo que la persona denunciada.';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Ana Admin' });
  adminCem = await staff(t, { role: 'administrador', organizations: [CEM] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
  investigator = await staff(t, {
    role: 'investigador',
    name: 'Iván Investigador',
    organizations: [HEAD_OFFICE],
  });
  otherInvestigator = await staff(t, {
    role: 'investigador',
    name: 'Olga Otra',
    organizations: [HEAD_OFFICE],
  });
});
afterAll(() => t.close());

/** A filed, signed-in complaint assigned to `investigator`. */
async function assignedCase() {
  const filed = await fileAndLogin(t.app, denuncia({ tipo_delito_id: 1 }));
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  const assigned = await admin.call(contract.assignCase, {
    params: { id: row!.id },
    body: { usuario_id: investigator.id },
  });
  expect(assigned.statusCode).toBe(200);
  return { ...filed, id: row!.id, caseNumber: row!.case_number };
}

type Case = Awaited<ReturnType<typeof assignedCase>>;

const ask = (c: Case, motivo: string) =>
  callApi(t.app, contract.requestReplacement, {
    headers: c.auth,
    body: { denuncia_id: c.ticket, motivo },
  });

const detail = async (c: Case) =>
  (
    await callApi(t.app, contract.complaintDetail, {
      headers: c.auth,
      params: { id: String(c.ticket) },
    })
  ).json();

const viewAs = async (client: StaffClient, c: Case) =>
  (await client.call(contract.viewCase, { params: { id: c.id } })).json();

/** The pending staff mails of kind staff-new-activity about `caseNumber`, opened. */
async function activityMails(caseNumber: string) {
  const rows = await t.db.query<{ payload_enc: string }>(
    `SELECT payload_enc FROM outbox WHERE kind = 'staff-new-activity' AND status = 'pending'`,
  );
  return rows
    .map(
      (r) =>
        JSON.parse(t.services.keyring.openWithMaster(r.payload_enc)) as {
          to: string;
          message: { caseNumber: string; activity: string };
        },
    )
    .filter((m) => m.message.caseNumber === caseNumber);
}

const audited = (id: number, action: string) =>
  t.db.query<{ actor_id: number | null; detail: string }>(
    'SELECT actor_id, detail::text AS detail FROM audit_log WHERE complaint_id = $1 AND action = $2 ORDER BY id',
    [id, action],
  );

describe('asking for the investigator to be replaced', () => {
  it('records the request sealed, shows it in the complainant’s log without the reason, mails the administrators neutrally and audits it', async () => {
    const c = await assignedCase();
    const res = await ask(c, `  ${REASON}  `);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Su solicitud fue enviada. El equipo le responderá en la bitácora.',
    );

    const [stored] = await t.db.query<{
      reason_enc: string;
      investigator_id: number;
      status: string;
    }>(
      'SELECT reason_enc, investigator_id, status FROM replacement_requests WHERE complaint_id = $1',
      [c.id],
    );
    expect(stored!.reason_enc).toMatch(/^v2:0:/);
    expect(stored!.reason_enc).not.toContain('equipo');
    expect(stored!).toMatchObject({ investigator_id: investigator.id, status: 'pendiente' });

    const d = await detail(c);
    expect(d.solicitud_reemplazo).toEqual({ fecha: expect.any(String) });
    const entry = d.denuncia_bitacora.at(-1);
    expect(entry).toMatchObject({
      evento: 'Solicitud de cambio de la persona investigadora',
      comentario: null,
      usuario: 'Denunciante',
    });

    // The administrators who may open the case, not the one of another organisation; no facts.
    const mails = await activityMails(c.caseNumber);
    expect(mails.map((m) => m.to)).toEqual([admin.email]);
    expect(mails[0]!.message).toEqual({
      kind: 'staff-new-activity',
      caseNumber: c.caseNumber,
      activity: 'solicitud_reemplazo',
      backOfficeUrl: expect.stringContaining(`/gestion/casos/${c.id}`),
    });
    expect(JSON.stringify(mails)).not.toContain('equipo que la persona');

    const rows = await audited(c.id, 'caso.solicitud_reemplazo');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_id).toBeNull();
    const audit = (
      await admin.call(contract.auditLog, {
        querystring: { caso: String(c.id), accion: 'caso.solicitud_reemplazo' },
      })
    ).json();
    expect(audit.entradas[0].accion_nombre).toBe('Solicitud de cambio de investigador/a');
  });

  it('allows one open request per case at a time, with a clear 409 in Spanish', async () => {
    const c = await assignedCase();
    expect((await ask(c, REASON)).statusCode).toBe(201);
    const second = await ask(c, 'Otro motivo.');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Ya tiene una solicitud de cambio de la persona investigadora en revisión. Podrá enviar otra cuando el equipo la responda.',
    );
    const [n] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM replacement_requests WHERE complaint_id = $1',
      [c.id],
    );
    expect(n!.n).toBe(1);
  });

  it('keeps to one open request when two arrive at once', async () => {
    const c = await assignedCase();
    const answers = await Promise.all([ask(c, 'Primero.'), ask(c, 'Segundo.')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.query(
      `SELECT 1 FROM replacement_requests WHERE complaint_id = $1 AND status = 'pendiente'`,
      [c.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty or too long reason and a closed complaint', async () => {
    const c = await assignedCase();
    const empty = await ask(c, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('* Debe indicar el motivo de su solicitud.');
    const long = await ask(c, 'a'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('* El motivo no puede tener más de 2000 caracteres.');
    expect(
      (await closeCase(investigator, c.id, { comentario: 'Cierre.', resolucion: 'Sin mérito.' }))
        .statusCode,
    ).toBe(201);
    const closed = await ask(c, REASON);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('La denuncia está cerrada y no admite solicitudes.');
  });

  it('is a task administrators see with the reason; auditors read it; investigators never read the reason', async () => {
    const c = await assignedCase();
    await ask(c, REASON);

    const tasks = (await admin.call(contract.listReplacementRequests, {})).json();
    const task = tasks.solicitudes.find((s: { caso: { id: number } }) => s.caso.id === c.id);
    expect(task).toMatchObject({
      caso: { id: c.id, numero: c.caseNumber },
      motivo: REASON,
      investigador: { id: investigator.id, nombre: 'Iván Investigador' },
    });
    const auditorTasks = (await auditor.call(contract.listReplacementRequests, {})).json();
    expect(auditorTasks.solicitudes.map((s: { caso: { id: number } }) => s.caso.id)).toContain(
      c.id,
    );
    expect((await investigator.call(contract.listReplacementRequests, {})).statusCode).toBe(403);

    expect((await viewAs(admin, c)).solicitud_reemplazo.motivo).toBe(REASON);
    // The investigator it is about, and any other: the request, never its reason.
    for (const person of [investigator, otherInvestigator]) {
      const view = await viewAs(person, c);
      expect(view.solicitud_reemplazo).toMatchObject({ id: task.id, motivo: null });
      expect(JSON.stringify(view)).not.toContain('mismo equipo que la persona denunciada');
    }
    // Only administrators answer.
    const refused = await investigator.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: { decision: 'rechazada', motivo: 'No.' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('accepting reassigns the case through the assignment’s rules and tells the complainant in their log', async () => {
    const c = await assignedCase();
    await ask(c, REASON);
    const same = await admin.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: { decision: 'aceptada', usuario_id: investigator.id },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(
      'Para acoger la solicitud debe asignar el caso a otra persona.',
    );
    const missing = await admin.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: { decision: 'aceptada' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Para acoger la solicitud debe elegir a la nueva persona a cargo del caso.',
    );
    // An administrator who names only CEM does not work on the head office's cases (decision 0033).
    const cemAdmin = await admin.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: { decision: 'aceptada', usuario_id: adminCem.id },
    });
    expect(cemAdmin.statusCode).toBe(400);
    expect(cemAdmin.json().message).toBe(
      'La persona seleccionada no puede hacerse cargo de este caso.',
    );
    const adminHq = await staff(t, { role: 'administrador', organizations: [HEAD_OFFICE] });
    const hqAdmin = await admin.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: { decision: 'aceptada', usuario_id: adminHq.id },
    });
    expect(hqAdmin.statusCode).toBe(200);
    const view = await viewAs(admin, c);
    expect(view.caso.asignado).toEqual({ id: adminHq.id, nombre: expect.any(String) });
    expect(view.solicitud_reemplazo).toBeNull();
    expect(view.bitacora.interna.at(-1).evento).toMatch(/^Caso asignado a /);

    const d = await detail(c);
    expect(d.solicitud_reemplazo).toBeNull();
    expect(d.denuncia_bitacora.at(-1)).toMatchObject({
      evento: 'Solicitud de cambio de la persona investigadora: acogida',
      comentario:
        'Su solicitud fue acogida. El caso quedó a cargo de otra persona del equipo de investigación.',
      usuario: 'Equipo de investigación',
    });
    const rows = await audited(c.id, 'caso.solicitud_respondida');
    expect(rows.map((r) => JSON.parse(r.detail))).toEqual([
      { decision: 'aceptada', usuario_id: adminHq.id },
    ]);
    expect(rows[0]!.actor_id).toBe(admin.id);
    expect(await audited(c.id, 'caso.asignado')).toHaveLength(2);
    // The head office's second administrator leaves: the tests below count who is mailed.
    expect(
      (
        await admin.call(contract.updateUser, {
          params: { id: adminHq.id },
          body: { activo: false },
        })
      ).statusCode,
    ).toBe(200);
    const pending = await t.db.query(
      `SELECT 1 FROM outbox WHERE kind = 'complainant-update' AND status = 'pending'`,
    );
    expect(pending.length).toBeGreaterThan(0);
    // Answered: nothing is open any more; the complainant may ask again.
    const again = await admin.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: { decision: 'rechazada', motivo: 'x' },
    });
    expect(again.statusCode).toBe(404);
    expect((await ask(c, 'Nuevo motivo.')).statusCode).toBe(201);
  });

  it('rejecting needs a reason, which the complainant reads in their log; the case keeps its investigator', async () => {
    const c = await assignedCase();
    await ask(c, REASON);
    const noReason = await admin.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: { decision: 'rechazada' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Para rechazar la solicitud debe escribir el motivo.');
    const res = await admin.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: {
        decision: 'rechazada',
        motivo: 'La persona a cargo no tiene relación con las personas involucradas.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Solicitud respondida.');
    const d = await detail(c);
    expect(d.denuncia_bitacora.at(-1)).toMatchObject({
      evento: 'Solicitud de cambio de la persona investigadora: rechazada',
      comentario: 'La persona a cargo no tiene relación con las personas involucradas.',
      usuario: 'Equipo de investigación',
    });
    expect((await viewAs(admin, c)).caso.asignado.id).toBe(investigator.id);
    const [stored] = await t.db.query<{ status: string; answer_enc: string }>(
      'SELECT status, answer_enc FROM replacement_requests WHERE complaint_id = $1',
      [c.id],
    );
    expect(stored!.status).toBe('rechazada');
    expect(stored!.answer_enc).toMatch(/^v2:0:/);
    const audit = (
      await admin.call(contract.auditLog, {
        querystring: { caso: String(c.id), accion: 'caso.solicitud_respondida' },
      })
    ).json();
    expect(audit.entradas[0].resumen).toBe('Decisión: rechazada');
  });

  it('an administrator who is the investigator in question neither reads the reason nor answers', async () => {
    const c = await assignedCase();
    const reassigned = await admin.call(contract.assignCase, {
      params: { id: c.id },
      body: { usuario_id: admin.id },
    });
    expect(reassigned.statusCode).toBe(200);
    await ask(c, REASON);
    expect(await activityMails(c.caseNumber)).toEqual([]);
    expect((await viewAs(admin, c)).solicitud_reemplazo.motivo).toBeNull();
    const res = await admin.call(contract.answerReplacementRequest, {
      params: { id: c.id },
      body: { decision: 'rechazada', motivo: 'No.' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the complainant sees when the team read their last message', () => {
  const comment = (c: Case, comentario: string) =>
    callApi(t.app, contract.addComment, {
      headers: c.auth,
      body: { comentario, denuncia_id: c.ticket },
    });

  it('is null before they write, "not read" after, and set when staff who handle cases open the case', async () => {
    const c = await assignedCase();
    expect((await detail(c)).lectura_equipo).toBeNull();
    expect((await comment(c, 'Primer mensaje.')).statusCode).toBe(201);
    let d = await detail(c);
    const index = d.denuncia_bitacora.length - 1;
    expect(d.lectura_equipo).toEqual({ indice: index, leido: null });

    // The complainant's own views and an auditor's do not count.
    await detail(c);
    await viewAs(auditor, c);
    expect((await detail(c)).lectura_equipo).toEqual({ indice: index, leido: null });

    await viewAs(investigator, c);
    d = await detail(c);
    expect(d.lectura_equipo).toEqual({ indice: index, leido: expect.any(String) });
    const firstRead = d.lectura_equipo.leido;
    // Who read it is never stored nor shown.
    expect(JSON.stringify(d)).not.toContain('Iván');

    // A later reading keeps the first time; a new message is unread until staff open the case.
    await viewAs(admin, c);
    expect((await detail(c)).lectura_equipo.leido).toBe(firstRead);
    await comment(c, 'Segundo mensaje.');
    d = await detail(c);
    expect(d.lectura_equipo).toEqual({ indice: d.denuncia_bitacora.length - 1, leido: null });
    // Staff writing in the log does not move it: it stays on the complainant's message.
    await investigator.call(contract.replyToComplainant, {
      params: { id: c.id },
      body: { comentario: 'Gracias por su mensaje.' },
    });
    d = await detail(c);
    expect(d.denuncia_bitacora[d.lectura_equipo.indice].comentario).toBe('Segundo mensaje.');
    expect(d.lectura_equipo.leido).toBeNull();
  });

  it('is not set by the dossier (an export) nor by the request to replace the investigator', async () => {
    const c = await assignedCase();
    await comment(c, 'Mensaje.');
    await ask(c, REASON);
    const d = await detail(c);
    expect(d.denuncia_bitacora[d.lectura_equipo.indice].comentario).toBe('Mensaje.');
    const dossier = await investigator.call(contract.downloadCaseDossier, { params: { id: c.id } });
    expect(dossier.statusCode).toBe(200);
    expect((await detail(c)).lectura_equipo.leido).toBeNull();
  });
});
