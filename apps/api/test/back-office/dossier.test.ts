import type { ReplacementAnswer } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { pdfText } from '@canal/shared/documents/read-back';
import {
  anonymous,
  CLINICA_ATACAMA,
  denuncia,
  EMAIL,
  file,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { jpegWithExif, pngWithMetadata } from '@canal/test-support/images';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;
let colleague: StaffClient;
let outsider: StaffClient;
let auditor: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Ana Administradora' });
  investigator = await staff(t, {
    role: 'investigador',
    name: 'Iván Investigador',
    organizations: [HEAD_OFFICE],
  });
  colleague = await staff(t, {
    role: 'investigador',
    name: 'Carla Colega',
    organizations: [HEAD_OFFICE],
  });
  outsider = await staff(t, { role: 'investigador', organizations: [CLINICA_ATACAMA] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

async function newCase(payload: Record<string, unknown>) {
  const created = await file(t.app, payload, [
    { filename: 'foto.jpg', content: jpegWithExif() },
    { filename: 'plano.png', content: pngWithMetadata() },
  ]);
  expect(created.statusCode).toBe(201);
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [created.json().ticket],
  );
  return row!;
}

async function dossier(client: StaffClient, id: number) {
  const res = await client.call(contract.downloadCaseDossier, { params: { id } });
  return res;
}

/** The text of the case's dossier PDF as `client` takes it, its lines joined as one text. */
async function dossierText(client: StaffClient, c: { id: number; case_number: string }) {
  const res = await dossier(client, c.id);
  expect(res.statusCode).toBe(200);
  const zip = unzipSync(new Uint8Array(res.rawPayload));
  return (await pdfText(zip[`expediente-${c.case_number}.pdf`]!)).replace(/\s+/g, ' ');
}

describe('the case dossier', () => {
  it('is one ZIP: a PDF of the case with both logs, milestones and audit trail, and the files as staff download them; audited', async () => {
    const c = await newCase(denuncia());
    for (const [endpoint, text] of [
      [contract.replyToComplainant, 'Hemos recibido su denuncia y la investigaremos.'],
      [contract.addInternalNote, 'Entrevista a testigos agendada para el lunes.'],
    ] as const) {
      const res = await investigator.call(endpoint, {
        params: { id: c.id },
        body: { comentario: text },
      });
      expect(res.statusCode).toBe(201);
    }
    const view = (await investigator.call(contract.viewCase, { params: { id: c.id } })).json();

    const res = await dossier(investigator, c.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="expediente-${c.case_number}.zip"; filename*=UTF-8''expediente-${c.case_number}.zip`,
    );
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(zip).sort()).toEqual([
      'archivos/01-foto.jpg',
      'archivos/02-plano.png',
      `expediente-${c.case_number}.pdf`,
      'manifiesto.clave',
      'manifiesto.firma',
      'manifiesto.json',
    ]);

    const pdf = zip[`expediente-${c.case_number}.pdf`]!;
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(`Expediente del caso ${c.case_number}`);
    expect(text).toContain('María José');
    expect(text).toContain('12345678-5');
    expect(text).toContain(EMAIL);
    expect(text).toContain('Bitácora visible para la persona denunciante');
    expect(text).toContain('Hemos recibido su denuncia y la investigaremos.');
    expect(text).toContain('Bitácora interna (solo equipo)');
    expect(text).toContain('Entrevista a testigos agendada para el lunes.');
    // The Law 21.643 milestones of a type 26 case, and the audit trail in words.
    expect(text).toContain('Adopción de medidas de resguardo');
    expect(text).toContain('Caso consultado');
    expect(text).toContain('Nota interna');
    expect(text).toContain('Expediente descargado');
    expect(text).toContain('Solicitudes de cambio de la persona investigadora\nSin solicitudes.');

    // The files are the safe copies the case page downloads, byte for byte.
    for (const [i, f] of (view.archivos as { url: string }[]).entries()) {
      const copy = await investigator.follow(f.url);
      expect(copy.statusCode).toBe(200);
      const packed = zip[i === 0 ? 'archivos/01-foto.jpg' : 'archivos/02-plano.png']!;
      expect(Buffer.from(packed).equals(copy.rawPayload)).toBe(true);
      expect(Buffer.from(packed).includes(Buffer.from('GPSLatitude'))).toBe(false);
    }

    const audit = await t.db.query<{ actor_id: number; detail: string }>(
      `SELECT actor_id, detail::text AS detail FROM audit_log WHERE complaint_id = $1 AND action = 'caso.expediente'`,
      [c.id],
    );
    expect(audit).toEqual([{ actor_id: investigator.id, detail: expect.stringContaining('2') }]);
  });

  it('lists every request to replace the investigator with its answer; the reason only to those who may read it', async () => {
    const filed = await fileAndLogin(t.app, denuncia());
    const [c] = await t.db.query<{ id: number; case_number: string }>(
      'SELECT id, case_number FROM complaints WHERE ticket = $1',
      [filed.ticket],
    );
    const assigned = await admin.call(contract.assignCase, {
      params: { id: c!.id },
      body: { usuario_id: investigator.id },
    });
    expect(assigned.statusCode).toBe(200);
    const ask = async (motivo: string) => {
      const res = await callApi(t.app, contract.requestReplacement, {
        headers: filed.auth,
        body: { denuncia_id: filed.ticket, motivo },
      });
      expect(res.statusCode).toBe(201);
    };
    const answer = async (body: ReplacementAnswer) => {
      const res = await admin.call(contract.answerReplacementRequest, {
        params: { id: c!.id },
        body,
      });
      expect(res.statusCode).toBe(200);
    };
    const reasons = [
      'La persona a cargo comparte equipo con la persona denunciada.',
      'Sigo viendo a la persona a cargo almorzar con la persona denunciada.',
      'La nueva persona a cargo fue testigo de los hechos.',
    ];
    const rejection = 'La persona a cargo no tiene relación con las personas involucradas.';
    await ask(reasons[0]!);
    await answer({ decision: 'rechazada', motivo: rejection });
    await ask(reasons[1]!);
    await answer({ decision: 'aceptada', usuario_id: colleague.id });
    await ask(reasons[2]!);

    const text = await dossierText(admin, c!);
    expect(text).toContain('Solicitudes de cambio de la persona investigadora');
    expect(text.match(/Solicitud del \d{2}-\d{2}-\d{4} \/ \d{2}:\d{2}:\d{2}/g)).toHaveLength(3);
    for (const reason of reasons) expect(text).toContain(`Motivo: ${reason}`);
    expect(text).toContain(
      'Estado: Rechazada · Persona investigadora a cargo al solicitarla: Iván Investigador',
    );
    expect(text).toContain(
      'Estado: Acogida · Persona investigadora a cargo al solicitarla: Iván Investigador',
    );
    expect(text).toContain(
      'Estado: En revisión, sin respuesta · Persona investigadora a cargo al solicitarla: Carla Colega',
    );
    expect(text).toContain(`Respuesta: rechazada Respondida el `);
    expect(text).toContain(`Motivo: ${rejection}`);
    expect(text).toContain('Respuesta: acogida');
    expect(text).toContain('El caso quedó a cargo de Carla Colega.');
    expect(
      text.match(/Respondida el \d{2}-\d{2}-\d{4} \/ \d{2}:\d{2}:\d{2} por Ana Administradora/g),
    ).toHaveLength(2);

    // Auditors read the complainant's reasons; investigators get every request and answer, never
    // a reason (decision 0022), even in the dossier.
    const audited = await dossierText(auditor, c!);
    for (const reason of reasons) expect(audited).toContain(reason);
    for (const client of [investigator, colleague]) {
      const theirs = await dossierText(client, c!);
      for (const reason of reasons) expect(theirs).not.toContain(reason);
      expect(theirs.match(/Motivo: reservado/g)).toHaveLength(3);
      expect(theirs).toContain(`Motivo: ${rejection}`);
      expect(theirs).toContain('El caso quedó a cargo de Carla Colega.');
      expect(theirs).toContain('Estado: En revisión, sin respuesta');
    }
  });

  it('keeps an anonymous complainant anonymous, as the case view does', async () => {
    const c = await newCase(anonymous());
    const res = await dossier(investigator, c.id);
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    // The neutral names the complainant sees, never the original ones.
    expect(Object.keys(zip).sort()).toEqual([
      'archivos/01-Archivo1.jpg',
      'archivos/02-Archivo2.png',
      `expediente-${c.case_number}.pdf`,
      'manifiesto.clave',
      'manifiesto.firma',
      'manifiesto.json',
    ]);
    const text = await pdfText(zip[`expediente-${c.case_number}.pdf`]!);
    expect(text).toContain('Denuncia anónima: la identidad de la persona denunciante no se conoce');
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('foto.jpg');
  });

  it('gives the day only of an anonymous complainant’s request, as the case view does', async () => {
    const filed = await fileAndLogin(t.app, anonymous());
    const asked = await callApi(t.app, contract.requestReplacement, {
      headers: filed.auth,
      body: { denuncia_id: filed.ticket, motivo: 'Prefiero que investigue otra persona.' },
    });
    expect(asked.statusCode).toBe(201);
    const [c] = await t.db.query<{ id: number; case_number: string }>(
      'SELECT id, case_number FROM complaints WHERE ticket = $1',
      [filed.ticket],
    );
    const text = await dossierText(admin, c!);
    expect(text).toMatch(
      /Solicitud del \d{2}-\d{2}-\d{4} Estado: En revisión, sin respuesta · Persona investigadora a cargo al solicitarla: Sin asignar/,
    );
    expect(text).toContain('Motivo: Prefiero que investigue otra persona.');
  });

  it('goes to whoever may see the case (auditors too), and to nobody else: 404 like the case view', async () => {
    const c = await newCase(denuncia());
    expect((await dossier(auditor, c.id)).statusCode).toBe(200);
    expect((await dossier(outsider, c.id)).statusCode).toBe(404);
    const excluded = await admin.call(contract.excludeFromCase, {
      params: { id: c.id, userId: colleague.id },
    });
    expect(excluded.statusCode).toBe(200);
    const refused = await dossier(colleague, c.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/caso/i);
    expect((await colleague.call(contract.viewCase, { params: { id: c.id } })).statusCode).toBe(
      404,
    );
    const entries = await t.db.query<{ actor_id: number }>(
      `SELECT actor_id FROM audit_log WHERE complaint_id = $1 AND action = 'caso.expediente'`,
      [c.id],
    );
    expect(entries.map((e) => e.actor_id)).toEqual([auditor.id]);
    // Without a session: 401.
    const anonymousCall = await t.app.inject({
      method: 'GET',
      url: `/v1/gestion/casos/${c.id}/expediente`,
    });
    expect(anonymousCall.statusCode).toBe(401);
  });
});
