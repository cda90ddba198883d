import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, EMAIL, fileAndLogin } from '@canal/test-support/complaints';
import { decodeMail, startSmtp } from '../support/smtp';
import { addWorkingDays, civilDateInZone, type CivilDate } from '../../src/core/deadlines';
import { runRetaliationCheckins } from '../../src/core/retaliation/checkins';
import { sweepOnce } from '../../src/runtime';
import { mailDeadlineDigest, RETALIATION_DIGEST_ITEM } from '../../src/back-office/cases/digest';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

// Protection after closing (issue 22, decision 0060): check-ins at 30, 90 and 180 days with the
// clock moved, and the complainant's "Sufrí represalias".

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await staff(t, { role: 'administrador', email: 'admin.represalias@empresa.cl' });
  investigator = await staff(t, {
    role: 'investigador',
    email: 'investigadora.represalias@empresa.cl',
    organizations: ['f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae'],
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const CLOSING = { comentario: 'Concluimos la investigación.', resolucion: 'Amonestación escrita.' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Noon in Santiago `days` after today: the clock moved, never before the check-in hour. */
function daysLater(days: number): Date {
  const [y, m, d] = civilDateInZone(new Date()).split('-').map(Number) as [number, number, number];
  // 16:00 UTC is 12:00 or 13:00 in Santiago, whatever the season.
  return new Date(Date.UTC(y, m - 1, d, 16) + days * DAY_MS);
}

async function closedCase(payload = denuncia()) {
  const filed = await fileAndLogin(t.app, payload);
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  await admin.call(contract.assignCase, {
    params: { id: row!.id },
    body: { usuario_id: investigator.id },
  });
  expect((await closeCase(investigator, row!.id, CLOSING)).statusCode).toBe(201);
  return { ...filed, id: row!.id, caseNumber: row!.case_number };
}

type Case = Awaited<ReturnType<typeof closedCase>>;

const visibleLog = async (c: Case) =>
  (
    await callApi(t.app, contract.complaintDetail, {
      headers: c.auth,
      params: { id: String(c.ticket) },
    })
  ).json().denuncia_bitacora as { evento: string; comentario: string | null; usuario: string }[];

const checkins = async (c: Case) =>
  (await visibleLog(c)).filter((e) => e.evento === 'Consulta de seguimiento después del cierre');

async function mailsTo(to: string): Promise<string[]> {
  await t.services.outbox.retryNow(t.db);
  await t.services.outbox.drain(t.db);
  return smtp.inbox
    .filter((m) => m.to.includes(to))
    .map((m) => decodeMail(m.raw).replace(/\s+/g, ' '));
}

describe('check-ins after closing', () => {
  it('asks on days 30, 90 and 180 once each, in the log and a neutral mail, however often it runs', async () => {
    const c = await closedCase();
    await mailsTo(EMAIL); // the closing's own update
    smtp.inbox.length = 0;
    expect(await runRetaliationCheckins(t.services, daysLater(29))).toBe(0);
    expect(await checkins(c)).toHaveLength(0);

    expect(await runRetaliationCheckins(t.services, daysLater(30))).toBe(1);
    const [first] = await checkins(c);
    expect(first!.usuario).toBe('Sistema');
    expect(first!.comentario).toContain('Han pasado 30 días desde el cierre de su denuncia');
    expect(first!.comentario).toContain('«Sufrí represalias»');
    const mails = await mailsTo(EMAIL);
    expect(mails).toHaveLength(1);
    // Neutral: whoever reads the mailbox learns only that the complaint has news.
    expect(mails[0]).toContain('tiene una actualización');
    expect(mails[0]).not.toMatch(/represalia/i);

    // Again, the same day, a day later, or through the hourly sweep: nothing more.
    expect(await runRetaliationCheckins(t.services, daysLater(30))).toBe(0);
    expect(await runRetaliationCheckins(t.services, daysLater(31))).toBe(0);
    expect(await checkins(c)).toHaveLength(1);

    expect(await runRetaliationCheckins(t.services, daysLater(90))).toBe(1);
    expect(await runRetaliationCheckins(t.services, daysLater(91))).toBe(0);
    expect(await mailsTo(EMAIL)).toHaveLength(2);
    expect(await runRetaliationCheckins(t.services, daysLater(185))).toBe(1);
    expect(await runRetaliationCheckins(t.services, daysLater(200))).toBe(0);
    const asked = await checkins(c);
    expect(asked.map((e) => e.comentario!.slice(0, 25))).toEqual([
      'Han pasado 30 días desde ',
      'Han pasado 90 días desde ',
      'Han pasado 180 días desde',
    ]);
    expect(await mailsTo(EMAIL)).toHaveLength(3);
  });

  it('asks nothing before 9:00 in Chile, nor on a case whose days passed long ago', async () => {
    const c = await closedCase();
    const early = new Date(daysLater(30).getTime() - 8 * 60 * 60 * 1000); // 04:00–05:00
    expect(await runRetaliationCheckins(t.services, early)).toBe(0);
    // 180 + 30 days of grace have passed: a question out of the blue years later helps nobody.
    expect(await runRetaliationCheckins(t.services, daysLater(400))).toBe(0);
    expect(await checkins(c)).toHaveLength(0);
  });

  it('runs in the hourly sweep', async () => {
    const asked = await sweepOnce(t.services);
    expect(asked).toMatchObject({ asked: expect.any(Number) });
  });

  it('asks on the days an administrator chose for the organisation, audited; bad days are refused in Spanish', async () => {
    const org = 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae';
    const listed = (await admin.call(contract.getRetaliationSettings, {})).json();
    expect(
      listed.organizaciones.find((o: { organizacion: string }) => o.organizacion === org),
    ).toMatchObject({ dias: [30, 90, 180], actualizado: null });

    const bad = await admin.call(contract.updateRetaliationSettings, {
      body: { organizacion: org, dias: [0, 7] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Indique hasta 6 días distintos/);
    const forbidden = await investigator.call(contract.updateRetaliationSettings, {
      body: { organizacion: org, dias: [7] },
    });
    expect(forbidden.statusCode).toBe(403);

    const saved = await admin.call(contract.updateRetaliationSettings, {
      body: { organizacion: org, dias: [60, 7] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().dias).toEqual([7, 60]);
    const audit = (
      await admin.call(contract.auditLog, {
        querystring: { accion: 'represalias.consultas_modificadas' },
      })
    ).json();
    expect(audit.entradas[0].detalle).toMatchObject({ antes: [30, 90, 180], despues: [7, 60] });

    const c = await closedCase();
    expect(await checkins(c)).toHaveLength(0);
    await runRetaliationCheckins(t.services, daysLater(6));
    expect(await checkins(c)).toHaveLength(0);
    expect(await runRetaliationCheckins(t.services, daysLater(7))).toBeGreaterThanOrEqual(1);
    expect((await checkins(c)).map((e) => e.comentario!.slice(0, 18))).toEqual([
      'Han pasado 7 días ',
    ]);
    // Day 30 is no longer one of the organisation's days.
    await runRetaliationCheckins(t.services, daysLater(30));
    expect(await checkins(c)).toHaveLength(1);
    await admin.call(contract.updateRetaliationSettings, {
      body: { organizacion: org, dias: [30, 90, 180] },
    });
  });
});

describe('Sufrí represalias', () => {
  const report = (c: Case, relato: string) =>
    callApi(t.app, contract.reportRetaliation, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, relato },
    });

  it('is refused while the complaint is open: a comment reaches the team then', async () => {
    const open = await fileAndLogin(t.app, denuncia());
    const res = await callApi(t.app, contract.reportRetaliation, {
      headers: open.auth,
      body: { denuncia_id: open.ticket, relato: 'Me cambiaron de turno.' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Su denuncia sigue en curso/);
  });

  it('alerts the investigator and the administrators, enters the inbox with its deadline, counts in the statistics and the SUSESO report, and is attended', async () => {
    const c = await closedCase();
    smtp.inbox.length = 0;
    const empty = await report(c, '   ');
    expect(empty.statusCode).toBe(400);

    const sent = await report(c, 'Desde el cierre me cambiaron de turno y no me hablan.');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatch(/^Su aviso fue enviado/);
    const entry = (await visibleLog(c)).find((e) => e.evento === 'Aviso de represalias');
    expect(entry).toMatchObject({
      usuario: 'Denunciante',
      comentario: 'Desde el cierre me cambiaron de turno y no me hablan.',
    });

    for (const to of ['investigadora.represalias@empresa.cl', 'admin.represalias@empresa.cl']) {
      const mails = await mailsTo(to);
      expect(mails.some((m) => m.includes('informó haber sufrido represalias'))).toBe(true);
      // By case number only: never what the complainant wrote.
      expect(mails.join(' ')).not.toContain('turno');
    }

    const due = addWorkingDays(civilDateInZone(new Date()) as CivilDate, 3);
    const listed = (await investigator.call(contract.listRetaliationReports, {})).json();
    const mine = listed.avisos.find((a: { caso: { id: number } }) => a.caso.id === c.id);
    expect(mine).toMatchObject({ caso: { numero: c.caseNumber }, vence: due, vencida: false });

    const stats = (await admin.call(contract.statistics, { querystring: {} })).json();
    expect(stats.represalias.informadas).toBeGreaterThanOrEqual(1);
    expect(stats.represalias.abiertas).toBeGreaterThanOrEqual(1);
    const now = civilDateInZone(new Date());
    const half = Number(now.slice(5, 7)) <= 6 ? '1' : '2';
    const suseso = (
      await admin.call(contract.halfYearReport, {
        querystring: { anio: now.slice(0, 4), semestre: half },
      })
    ).json();
    const head = suseso.organizaciones.find((o: { nombre: string }) => o.nombre === 'Masvida');
    expect(head?.avisos_de_represalias ?? suseso.organizaciones[0].avisos_de_represalias).toBe(1);
    const csv = await admin.call(contract.exportHalfYearCsv, {
      querystring: { anio: now.slice(0, 4), semestre: half },
    });
    expect(csv.body).toContain('Avisos de represalias después del cierre');

    const attended = await investigator.call(contract.attendRetaliationReport, {
      params: { id: mine.id },
    });
    expect(attended.statusCode).toBe(200);
    const again = await investigator.call(contract.attendRetaliationReport, {
      params: { id: mine.id },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/No se encontró ese aviso de represalias/);
    const after = (await investigator.call(contract.listRetaliationReports, {})).json();
    expect(after.avisos.some((a: { id: number }) => a.id === mine.id)).toBe(false);
    expect((await visibleLog(c)).map((e) => e.evento)).toContain('Aviso de represalias: atendido');
  });

  it('lists each report on its case page and in the daily digest of whoever handles it until attended', async () => {
    const c = await closedCase();
    expect((await report(c, 'Me negaron las vacaciones desde el cierre.')).statusCode).toBe(201);
    const today = civilDateInZone(new Date()) as CivilDate;
    const due = addWorkingDays(today, 3);
    const caseView = async () =>
      (await investigator.call(contract.viewCase, { params: { id: c.id } })).json();
    expect((await caseView()).represalias).toEqual([
      { id: expect.any(Number), fecha: today, vence: due, vencida: false, atendido: null },
    ]);

    // The next day's digest names it, to the investigator and to the administrators.
    smtp.inbox.length = 0;
    expect(await mailDeadlineDigest(t.services, daysLater(1))).not.toBeNull();
    const dueText = due.split('-').reverse().join('-');
    for (const to of ['investigadora.represalias@empresa.cl', 'admin.represalias@empresa.cl']) {
      const digest = (await mailsTo(to)).find((m) => m.includes(RETALIATION_DIGEST_ITEM));
      expect(digest).toContain(c.caseNumber);
      expect(digest).toContain(dueText);
    }

    const [{ id: reportId }] = (await caseView()).represalias;
    expect(
      (await investigator.call(contract.attendRetaliationReport, { params: { id: reportId } }))
        .statusCode,
    ).toBe(200);
    const [person] = await t.db.query<{ name: string }>(
      'SELECT name FROM staff_users WHERE id = $1',
      [investigator.id],
    );
    expect((await caseView()).represalias).toEqual([
      {
        id: reportId,
        fecha: today,
        vence: due,
        vencida: false,
        atendido: { fecha: expect.any(String), por: person!.name },
      },
    ]);

    // Attended: the next digest no longer names this case.
    smtp.inbox.length = 0;
    await mailDeadlineDigest(t.services, daysLater(2));
    const later = await mailsTo('investigadora.represalias@empresa.cl');
    expect(later.some((m) => m.includes(RETALIATION_DIGEST_ITEM) && m.includes(c.caseNumber))).toBe(
      false,
    );
  });
});
