import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  denuncia,
  EMAIL,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { viewCase } from '../../src/back-office/cases/case-view';
import { mailDeadlineDigest } from '../../src/back-office/cases/digest';
import { signIn, staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;
let auditor: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

async function newCase(payload = denuncia()) {
  const filed = await fileAndLogin(t.app, payload);
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  return { ...filed, id: row!.id, caseNumber: row!.case_number };
}

describe('the audit log', () => {
  it('records sign-ins (failed too), case views, downloads and changes, chained by hash', async () => {
    await signIn(t.app, investigator.email, '000000');
    const c = await newCase();
    await investigator.call(contract.viewCase, { params: { id: c.id } });
    await investigator.call(contract.addInternalNote, {
      params: { id: c.id },
      body: { comentario: 'Nota' },
    });
    const res = await auditor.call(contract.auditLog, { querystring: { caso: c.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().entradas.map((e: { accion: string }) => e.accion)).toEqual([
      'caso.nota',
      'caso.visto',
    ]);
    const all = (await auditor.call(contract.auditLog, { querystring: { limite: '200' } })).json();
    const actions = all.entradas.map((e: { accion: string }) => e.accion);
    expect(actions).toContain('sesion.ingreso_fallido');
    expect(actions).toContain('cuenta.activada');
    for (let i = 0; i < all.entradas.length - 1; i++)
      expect(all.entradas[i].hash_anterior).toBe(all.entradas[i + 1].hash);

    const check = await auditor.call(contract.verifyAuditChain, {});
    expect(check.json()).toMatchObject({ integra: true, primera_rota: null });
    // Investigators do not read the audit log.
    expect((await investigator.call(contract.auditLog, {})).statusCode).toBe(403);
  });

  it('records a case view once per visit: the reads after each action and a reload are the same visit', async () => {
    const c = await newCase();
    const views = async () =>
      (await auditor.call(contract.auditLog, { querystring: { caso: c.id } }))
        .json()
        .entradas.filter((e: { accion: string }) => e.accion === 'caso.visto');
    await investigator.call(contract.viewCase, { params: { id: c.id } });
    await investigator.call(contract.addInternalNote, {
      params: { id: c.id },
      body: { comentario: 'Primera nota' },
    });
    await investigator.call(contract.viewCase, { params: { id: c.id } });
    await investigator.call(contract.viewCase, { params: { id: c.id } });
    expect(await views()).toHaveLength(1);
    // Another person's view of the same case is their own visit.
    await admin.call(contract.viewCase, { params: { id: c.id } });
    expect(await views()).toHaveLength(2);
    // Back after longer than the idle time that ends a session (the case read on that clock): a
    // new visit.
    const person = { id: investigator.id, email: investigator.email, name: 'Investigadora' };
    await viewCase(
      t.services,
      { ...person, role: 'investigador', organizationIds: [HEAD_OFFICE] },
      c.id,
      new Date(Date.now() + 31 * 60_000),
    );
    const after = await views();
    expect(after).toHaveLength(3);
    const byInvestigator = after.filter(
      (e: { usuario: { email: string } }) => e.usuario.email === investigator.email,
    );
    expect(byInvestigator).toHaveLength(2);
  });

  it('refuses UPDATE and DELETE in the database itself', async () => {
    await expect(t.db.query(`UPDATE audit_log SET action = 'x' WHERE id = 1`)).rejects.toThrow(
      /solo inserción/,
    );
    await expect(t.db.query('DELETE FROM audit_log WHERE id = 1')).rejects.toThrow(
      /solo inserción/,
    );
  });

  it('detects a tampered entry and names the first broken one', async () => {
    const c = await newCase();
    await investigator.call(contract.viewCase, { params: { id: c.id } });
    await investigator.call(contract.viewCase, { params: { id: c.id } });
    const [target] = await t.db.query<{ id: number }>(
      `SELECT id FROM audit_log WHERE complaint_id = $1 ORDER BY id LIMIT 1`,
      [c.id],
    );
    // Someone with the owner's rights switches the trigger off and rewrites history.
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
      await tx.query(`UPDATE audit_log SET actor_id = $2 WHERE id = $1`, [target!.id, admin.id]);
      await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    });
    const check = (await auditor.call(contract.verifyAuditChain, {})).json();
    expect(check.integra).toBe(false);
    expect(check.primera_rota).toEqual({ id: target!.id, reason: 'su contenido fue modificado' });
  });
});

describe('migrations with function bodies', () => {
  // Migrations run whole (Db.exec, no statement splitter): both drivers take multi-statement text.
  it('runs a script with semicolons inside quotes, comments and dollar-quoted bodies', async () => {
    const sql = `-- a; comment\nCREATE TABLE exec_a (x text DEFAULT ';');\nCREATE FUNCTION exec_f() RETURNS text LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN 'no; way';\nEND;\n$$;\n/* block; */ INSERT INTO exec_a DEFAULT VALUES; SELECT $tag$ ; $tag$`;
    await t.db.transaction((tx) => tx.exec(sql));
    expect(await t.db.query('SELECT x, exec_f() AS f FROM exec_a')).toEqual([
      { x: ';', f: 'no; way' },
    ]);
  });

  it('rolls a failing script back whole, as a migration in its transaction', async () => {
    await expect(
      t.db.transaction((tx) => tx.exec('CREATE TABLE exec_b (x int); SELECT 1/0;')),
    ).rejects.toThrow();
    expect(await t.db.query(`SELECT to_regclass('exec_b') AS t`)).toEqual([{ t: null }]);
  });
});

describe('legal milestones (Law 21.643)', () => {
  it('records completion dates; those the complainant must be told go to their log and mail them', async () => {
    const c = await newCase();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(
      new Date(),
    );
    const before = (await investigator.call(contract.viewCase, { params: { id: c.id } })).json();
    expect(before.caso.proximo_vencimiento).toBe(before.hitos[0].vence);

    const internal = await investigator.call(contract.recordMilestone, {
      params: { id: c.id, clave: 'medidas_resguardo' },
      body: {
        fecha: today,
      },
    });
    expect(internal.statusCode).toBe(200);
    const needsText = await investigator.call(contract.recordMilestone, {
      params: { id: c.id, clave: 'decision_y_aviso_dt' },
      body: {
        fecha: today,
      },
    });
    expect(needsText.statusCode).toBe(400);
    expect(needsText.json().message).toMatch(
      /Debe escribir lo que se informa a la persona denunciante/,
    );
    await t.services.outbox.drain(t.db);
    const mailsBefore = (await t.services.transport.list!()).length;
    const told = await investigator.call(contract.recordMilestone, {
      params: { id: c.id, clave: 'decision_y_aviso_dt' },
      body: {
        fecha: today,
        comentario: 'La empresa investigará internamente.',
      },
    });
    expect(told.statusCode).toBe(200);
    // The start notice to the DT is internal; who investigates is told to the complainant.
    expect(
      (
        await investigator.call(contract.recordMilestone, {
          params: { id: c.id, clave: 'aviso_inicio_dt' },
          body: { fecha: today },
        })
      ).statusCode,
    ).toBe(200);
    const named = await investigator.call(contract.recordMilestone, {
      params: { id: c.id, clave: 'investigador_designado' },
      body: {
        fecha: today,
        comentario: 'Investigadora a cargo: Ana Soto. Puede pedir su reemplazo.',
      },
    });
    expect(named.statusCode).toBe(200);

    const view = (await investigator.call(contract.viewCase, { params: { id: c.id } })).json();
    const byKey = Object.fromEntries(view.hitos.map((h: { clave: string }) => [h.clave, h]));
    expect(byKey.medidas_resguardo).toMatchObject({ estado: 'done', completado: today });
    expect(byKey.decision_y_aviso_dt).toMatchObject({
      estado: 'done',
      completado: today,
      informa_denunciante: true,
    });
    expect(byKey.aviso_inicio_dt).toMatchObject({
      estado: 'done',
      completado: today,
      informa_denunciante: false,
    });
    expect(byKey.investigador_designado).toMatchObject({
      estado: 'done',
      completado: today,
      informa_denunciante: true,
    });
    expect(['pending', 'soon']).toContain(byKey.investigacion_cerrada.estado);
    expect(view.caso.proximo_vencimiento).toBe(byKey.investigacion_cerrada.vence);
    const internalEvents = view.bitacora.interna.map((e: { evento: string }) => e.evento);
    expect(internalEvents).toContain('Hito: Adopción de medidas de resguardo');
    expect(internalEvents).toContain(
      'Hito: Aviso de inicio de la investigación a la Dirección del Trabajo',
    );
    const visibleEvents = view.bitacora.visible.map((e: { evento: string }) => e.evento);
    expect(visibleEvents.at(-2)).toMatch(/^Hito: Decisión de investigar/);
    expect(visibleEvents.at(-1)).toBe('Hito: Designación de la persona investigadora');

    const detail = (
      await t.app.inject({ method: 'GET', url: `/v1/denuncias/${c.ticket}`, headers: c.auth })
    ).json();
    expect(
      detail.denuncia_bitacora.map((e: { comentario: string | null }) => e.comentario).slice(-2),
    ).toEqual([
      'La empresa investigará internamente.',
      'Investigadora a cargo: Ana Soto. Puede pedir su reemplazo.',
    ]);
    expect(JSON.stringify(detail)).not.toContain('medidas de resguardo');
    expect(JSON.stringify(detail)).not.toContain('Aviso de inicio');
    // The two milestones the complainant is told of, recorded moments apart, make one mail
    // (decision 0012); it waits for the sitting to end, then goes.
    await t.services.outbox.retryNow(t.db);
    await t.services.outbox.drain(t.db);
    const mails = (await t.services.transport.list!()).slice(0, -mailsBefore || undefined);
    expect(mails.filter((m) => m.to === EMAIL)).toHaveLength(1);
  });

  it('refuses a milestone of another regime, a future date and one before receipt', async () => {
    const c = await newCase();
    const other = await investigator.call(contract.recordMilestone, {
      params: { id: c.id, clave: 'acuse_recibo' },
      body: {
        fecha: '2024-01-01',
      },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('El hito no corresponde a este tipo de denuncia.');
    expect(
      (
        await investigator.call(contract.recordMilestone, {
          params: { id: c.id, clave: 'medidas_resguardo' },
          body: { fecha: '2999-01-01' },
        })
      ).json().message,
    ).toBe('La fecha del hito no puede ser futura.');
    expect(
      (
        await investigator.call(contract.recordMilestone, {
          params: { id: c.id, clave: 'medidas_resguardo' },
          body: { fecha: '2020-01-01' },
        })
      ).json().message,
    ).toBe('La fecha del hito no puede ser anterior al ingreso de la denuncia.');
    expect(
      (
        await investigator.call(contract.recordMilestone, {
          params: { id: c.id, clave: 'medidas_resguardo' },
          body: { fecha: '01-01-2024' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('marks overdue milestones and mails each assignee a daily digest, once a day', async () => {
    const late = await newCase();
    const general = await newCase(anonymous());
    // Received three weeks ago: the Karin protective measures and decision are overdue.
    await t.db.query(
      `UPDATE complaints SET created_at = now() - interval '21 days' WHERE id = $1`,
      [late.id],
    );
    await investigator.call(contract.assignCase, {
      params: { id: late.id },
      body: { usuario_id: investigator.id },
    });
    await investigator.call(contract.assignCase, {
      params: { id: general.id },
      body: { usuario_id: investigator.id },
    });
    const view = (await investigator.call(contract.viewCase, { params: { id: late.id } })).json();
    expect(view.hitos[0].estado).toBe('overdue');

    const now = new Date();
    now.setUTCHours(15); // 11:00 or 12:00 in Santiago
    await t.services.outbox.drain(t.db);
    const queued = await mailDeadlineDigest(t.services, now);
    expect(queued).toBeGreaterThanOrEqual(1);
    expect(await mailDeadlineDigest(t.services, now)).toBeNull(); // once a day
    await t.services.outbox.drain(t.db);
    const digest = (await t.services.transport.list!()).find(
      (m) => m.to === investigator.email && /vencido/.test(m.subject),
    )!;
    expect(digest.text).toContain(late.caseNumber);
    expect(digest.text).toContain('Adopción de medidas de resguardo');
    expect(digest.text).not.toContain(general.caseNumber); // nothing soon or overdue there
    // The refresh moved the overdue case to the top of the inbox.
    const inbox = (
      await investigator.call(contract.inbox, { querystring: { vencidos: 'true' } })
    ).json();
    expect(inbox.casos[0].id).toBe(late.id);
    expect(inbox.casos[0].vencido).toBe(true);
  });

  it('does not run before 8:00 in Santiago', async () => {
    const early = new Date('2031-05-05T10:00:00Z'); // 06:00 in Santiago
    expect(await mailDeadlineDigest(t.services, early)).toBeNull();
  });
});
