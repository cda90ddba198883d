import { callApi } from '@canal/test-support/api';
import { contract } from '@canal/shared/contract';
import type { ComplaintStatus } from '@canal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  CLINICA_ATACAMA,
  denuncia,
  EMAIL,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { multipart } from '@canal/test-support/multipart';
import { pdf } from '@canal/test-support/files';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigatorHq: StaffClient; // head office
let investigatorAtacama: StaffClient;
let auditorHq: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigatorHq = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  investigatorAtacama = await staff(t, { role: 'investigador', organizations: [CLINICA_ATACAMA] });
  auditorHq = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

/** Files a complaint through the portal; optionally moves it to another organisation. */
async function newCase(payload = denuncia(), organizationId?: string) {
  const filed = await fileAndLogin(t.app, payload);
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  if (organizationId)
    await t.db.query('UPDATE complaints SET organization_id = $2 WHERE id = $1', [
      row!.id,
      organizationId,
    ]);
  return { ...filed, id: row!.id, caseNumber: row!.case_number };
}

/** Sends every queued mail now, complainant updates included (they wait to merge, decision 0012). */
/** Sends everything queued (a drain takes 20 at a time, staff alerts first), then the mailbox. */
const drainMail = async () => {
  await t.services.outbox.retryNow(t.db);
  while ((await t.services.outbox.drain(t.db)).sent > 0);
  return t.services.transport.list!();
};

describe('who sees what', () => {
  it('lets an investigator see the cases of their organisations and nothing else (404)', async () => {
    const hq = await newCase();
    const atacama = await newCase(denuncia(), CLINICA_ATACAMA);
    expect(
      (await investigatorHq.call(contract.viewCase, { params: { id: hq.id } })).statusCode,
    ).toBe(200);
    const other = await investigatorHq.call(contract.viewCase, { params: { id: atacama.id } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No se encontró el caso solicitado.');
    expect(
      (await investigatorAtacama.call(contract.viewCase, { params: { id: atacama.id } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await investigatorAtacama.call(contract.viewCase, { params: { id: hq.id } })).statusCode,
    ).toBe(404);
    expect(
      (
        await investigatorAtacama.call(contract.addInternalNote, {
          params: { id: hq.id },
          body: { comentario: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await investigatorAtacama.call(contract.changeStatus, {
          params: { id: hq.id },
          body: {
            estado: 'En análisis',
            comentario: 'x',
          },
        })
      ).statusCode,
    ).toBe(404);
    const inbox = (
      await investigatorAtacama.call(contract.inbox, { querystring: { limite: '100' } })
    ).json();
    expect(inbox.casos.map((c: { id: number }) => c.id)).toContain(atacama.id);
    expect(inbox.casos.map((c: { id: number }) => c.id)).not.toContain(hq.id);
    // Administrators see every organisation.
    expect((await admin.call(contract.viewCase, { params: { id: atacama.id } })).statusCode).toBe(
      200,
    );
    expect((await admin.call(contract.viewCase, { params: { id: 99999999 } })).statusCode).toBe(
      404,
    );
  });

  it('hides a case from a person excluded from it (conflict of interest), administrators included', async () => {
    const c = await newCase();
    expect(
      (
        await admin.call(contract.assignCase, {
          params: { id: c.id },
          body: { usuario_id: investigatorHq.id },
        })
      ).statusCode,
    ).toBe(200);
    const excluded = await admin.call(contract.excludeFromCase, {
      params: { id: c.id, userId: investigatorHq.id },
    });
    expect(excluded.statusCode).toBe(200);
    expect(
      (await investigatorHq.call(contract.viewCase, { params: { id: c.id } })).statusCode,
    ).toBe(404);
    const inbox = (
      await investigatorHq.call(contract.inbox, { querystring: { limite: '100' } })
    ).json();
    expect(inbox.casos.map((x: { id: number }) => x.id)).not.toContain(c.id);
    // Excluding the assignee unassigns them, and they cannot be assigned again.
    const view = (await admin.call(contract.viewCase, { params: { id: c.id } })).json();
    expect(view.caso.asignado).toBeNull();
    expect(view.caso.exclusiones).toEqual([{ id: investigatorHq.id, nombre: expect.any(String) }]);
    const reassign = await admin.call(contract.assignCase, {
      params: { id: c.id },
      body: {
        usuario_id: investigatorHq.id,
      },
    });
    expect(reassign.statusCode).toBe(400);
    expect(reassign.json().message).toBe(
      'La persona seleccionada no puede hacerse cargo de este caso.',
    );
    // Only administrators manage exclusions.
    expect(
      (
        await auditorHq.call(contract.excludeFromCase, {
          params: { id: c.id, userId: auditorHq.id },
        })
      ).statusCode,
    ).toBe(403);
    // Lifting the exclusion gives the case back.
    expect(
      (
        await admin.call(contract.removeExclusion, {
          params: { id: c.id, userId: investigatorHq.id },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await investigatorHq.call(contract.viewCase, { params: { id: c.id } })).statusCode,
    ).toBe(200);
    // An administrator excluded from a case does not see it either.
    const other = await staff(t, { role: 'administrador' });
    await admin.call(contract.excludeFromCase, { params: { id: c.id, userId: other.id } });
    expect((await other.call(contract.viewCase, { params: { id: c.id } })).statusCode).toBe(404);
  });

  it('lets an auditor read but change nothing (403)', async () => {
    const c = await newCase();
    expect((await auditorHq.call(contract.viewCase, { params: { id: c.id } })).statusCode).toBe(
      200,
    );
    const attempts = [
      auditorHq.call(contract.changeStatus, {
        params: { id: c.id },
        body: { estado: 'En análisis', comentario: 'Revisión' },
      }),
      auditorHq.call(contract.replyToComplainant, {
        params: { id: c.id },
        body: { comentario: 'Hola' },
      }),
      auditorHq.call(contract.addInternalNote, {
        params: { id: c.id },
        body: { comentario: 'Nota' },
      }),
      auditorHq.call(contract.assignCase, {
        params: { id: c.id },
        body: { usuario_id: auditorHq.id },
      }),
      auditorHq.call(contract.recordMilestone, {
        params: { id: c.id, clave: 'medidas_resguardo' },
        body: { fecha: '2024-01-01' },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('No tiene permiso para realizar esta acción.');
    }
    // An auditor cannot be given a case either.
    expect(
      (
        await admin.call(contract.assignCase, {
          params: { id: c.id },
          body: { usuario_id: auditorHq.id },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('the case view', () => {
  it('shows every field the complainant gave, decrypted, the case number, files and the two logs apart', async () => {
    const filed = await fileAndLogin(t.app, denuncia());
    const [row] = await t.db.query<{ id: number; case_number: string }>(
      'SELECT id, case_number FROM complaints WHERE ticket = $1',
      [filed.ticket],
    );
    const { body, headers: h } = multipart([
      {
        name: 'bitacora',
        json: { codigo: filed.ticket, comentario: 'Adjunto el acta', usuario: EMAIL },
      },
      { name: 'files', filename: 'acta.pdf', content: pdf() },
    ]);
    await t.db.query(`UPDATE complaints SET status = 'Faltan antecedentes' WHERE id = $1`, [
      row!.id,
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/denuncias/upload-files',
          payload: body,
          headers: { ...filed.auth, ...h },
        })
      ).statusCode,
    ).toBe(201);
    await investigatorHq.call(contract.addInternalNote, {
      params: { id: row!.id },
      body: {
        comentario: 'Revisar con RR.HH. en privado',
      },
    });
    await investigatorHq.call(contract.replyToComplainant, {
      params: { id: row!.id },
      body: {
        comentario: 'Recibimos su denuncia y la estamos revisando.',
      },
    });

    const res = await investigatorHq.call(contract.viewCase, { params: { id: row!.id } });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.caso.numero).toBe(row!.case_number);
    expect(view.caso.numero).toMatch(/^[A-Z]{3,4}-\d{4}-\d{5}$/);
    expect(view.denuncia).toMatchObject({
      nombre: 'María José',
      apellido_paterno: 'González',
      rut: '12345678-5',
      email: EMAIL,
      descripcion_hecho: 'Mi jefatura me grita frente al equipo todas las semanas desde marzo.',
    });
    expect(view.denuncia).not.toHaveProperty('codigo_denuncia');
    expect(view.archivos).toHaveLength(1);
    expect(view.archivos[0]).toMatchObject({ nombre: 'acta.pdf', mimetype: 'application/pdf' });
    expect(view.bitacora.interna.map((e: { comentario: string }) => e.comentario)).toEqual([
      'Revisar con RR.HH. en privado',
    ]);
    expect(view.bitacora.visible.map((e: { evento: string }) => e.evento)).toEqual([
      'Denuncia ingresada',
      'Antecedentes enviados por el denunciante',
      'Respuesta del equipo de investigación',
    ]);
    expect(view.hitos.map((h: { clave: string }) => h.clave)).toEqual([
      'medidas_resguardo',
      'decision_y_aviso_dt',
      'aviso_inicio_dt',
      'investigador_designado',
      'investigacion_cerrada',
      'informe_enviado_dt',
      'pronunciamiento_dt',
      'medidas_adoptadas',
    ]);

    // The complainant sees the reply, never the internal note.
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/denuncias/${filed.ticket}`,
        headers: filed.auth,
      })
    ).json();
    const comments = detail.denuncia_bitacora.map(
      (e: { comentario: string | null }) => e.comentario,
    );
    expect(comments).toContain('Recibimos su denuncia y la estamos revisando.');
    expect(JSON.stringify(detail)).not.toContain('RR.HH.');
    expect(detail.denuncia_bitacora.at(-1).usuario).toBe('Equipo de investigación');

    // Files are downloaded through the authenticated route.
    const download = await investigatorHq.follow(view.archivos[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="acta.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await investigatorAtacama.follow(view.archivos[0].url)).statusCode).toBe(404);
    const wrongCase = await investigatorHq.call(contract.downloadCaseFile, {
      params: { id: (await newCase()).id, fileId: view.archivos[0].id },
    });
    expect(wrongCase.statusCode).toBe(404);
  });
});

describe('status changes', () => {
  it('goes through every status with a comment the complainant reads, each mailing them', async () => {
    // Each change is mailed before the next one is made (changes made together merge into one mail).
    const c = await newCase();
    const before = (await drainMail()).length;
    const path: ComplaintStatus[] = [
      'En análisis',
      'Faltan antecedentes',
      'En investigación',
      'Derivada a la Dirección del Trabajo',
      'Recibida',
    ];
    for (const estado of path) {
      const res = await investigatorHq.call(contract.changeStatus, {
        params: { id: c.id },
        body: {
          estado,
          comentario: `Ahora: ${estado}`,
        },
      });
      expect(res.statusCode).toBe(201);
      const status = await callApi(t.app, contract.complaintStatus, {
        headers: c.auth,
        body: { codigo: c.ticket },
      });
      expect(status.json().estado).toBe(estado);
      await drainMail();
    }
    const mails = await drainMail();
    const updates = mails
      .slice(0, mails.length - before)
      .filter((m) => m.to === EMAIL && /Actualización del código/.test(m.subject));
    expect(updates).toHaveLength(path.length);
    // Neutral: the status, never the comment.
    expect(updates.some((m) => m.text.includes('Ahora:'))).toBe(false);
    expect(updates.find((m) => m.text.includes('Faltan antecedentes'))!.text).toMatch(
      /adjuntar archivos/,
    );

    const [row] = await t.db.query<{ response_date: string | null }>(
      `SELECT to_char(response_date, 'YYYY-MM-DD') AS response_date FROM complaints WHERE id = $1`,
      [c.id],
    );
    expect(row!.response_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const same = await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: {
        estado: 'Recibida',
        comentario: 'otra vez',
      },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('El caso ya tiene ese estado.');
    const bad = await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: {
        estado: 'Archivada' as never, // not a status: refused
        comentario: 'x',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Debe elegir el nuevo estado.');
    const noComment = await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: {
        estado: 'En análisis',
        comentario: '  ',
      },
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().message).toMatch(/Debe escribir un comentario/);
  });

  it('opens the portal upload with «Faltan antecedentes» and closes it again', async () => {
    const c = await newCase();
    const upload = () => {
      const { body, headers: h } = multipart([
        {
          name: 'bitacora',
          json: { codigo: c.ticket, comentario: 'Va el documento', usuario: EMAIL },
        },
        { name: 'files', filename: 'doc.pdf', content: pdf() },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/v1/denuncias/upload-files',
        payload: body,
        headers: { ...c.auth, ...h },
      });
    };
    expect((await upload()).statusCode).toBe(409);
    await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: {
        estado: 'Faltan antecedentes',
        comentario: 'Necesitamos el acta',
      },
    });
    expect((await upload()).statusCode).toBe(201);
    await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: {
        estado: 'En investigación',
        comentario: 'Gracias',
      },
    });
    expect((await upload()).statusCode).toBe(409);
  });

  it('closes only with a resolution; a closed case takes no status change or reply', async () => {
    const c = await newCase();
    const noResolution = await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: {
        estado: 'Cerrada',
        comentario: 'Fin',
      },
    });
    expect(noResolution.statusCode).toBe(400);
    expect(noResolution.json().message).toBe('Para cerrar el caso debe escribir la resolución.');
    const closed = await closeCase(investigatorHq, c.id, {
      comentario: 'Concluimos la investigación.',
      resolucion: 'Se aplicó amonestación escrita.',
    });
    expect(closed.statusCode).toBe(201);
    const view = (await investigatorHq.call(contract.viewCase, { params: { id: c.id } })).json();
    expect(view.caso).toMatchObject({
      estado: 'Cerrada',
      resolucion: 'Se aplicó amonestación escrita.',
      // A Law 21.643 case: the report to the DT is still due (decision 0013).
      proximo_vencimiento: view.hitos.find(
        (h: { clave: string }) => h.clave === 'informe_enviado_dt',
      ).vence,
      vencido: false,
    });
    expect(view.caso.fecha_cierre).not.toBeNull();
    expect(view.bitacora.visible.at(-1).comentario).toMatch(
      /Resolución: Se aplicó amonestación escrita\./,
    );
    expect(
      (
        await investigatorHq.call(contract.changeStatus, {
          params: { id: c.id },
          body: {
            estado: 'En análisis',
            comentario: 'x',
          },
        })
      ).statusCode,
    ).toBe(409);
    const reply = await investigatorHq.call(contract.replyToComplainant, {
      params: { id: c.id },
      body: { comentario: 'x' },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('El caso está cerrado y no admite ese cambio.');
    // Internal notes are still possible.
    expect(
      (
        await investigatorHq.call(contract.addInternalNote, {
          params: { id: c.id },
          body: { comentario: 'Archivado' },
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('dialogue', () => {
  it('mails the assignee when the complainant comments or uploads, never the content', async () => {
    const c = await newCase();
    await investigatorHq.call(contract.assignCase, {
      params: { id: c.id },
      body: { usuario_id: investigatorHq.id },
    });
    await drainMail();
    const comment = await callApi(t.app, contract.addComment, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, comentario: 'Hubo un nuevo episodio ayer.' },
    });
    expect(comment.statusCode).toBe(201);
    await investigatorHq.call(contract.changeStatus, {
      params: { id: c.id },
      body: {
        estado: 'Faltan antecedentes',
        comentario: 'Envíe el acta',
      },
    });
    const { body, headers: h } = multipart([
      { name: 'bitacora', json: { codigo: c.ticket, usuario: EMAIL } },
      { name: 'files', filename: 'acta.pdf', content: pdf() },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/denuncias/upload-files',
          payload: body,
          headers: { ...c.auth, ...h },
        })
      ).statusCode,
    ).toBe(201);
    const mails = (await drainMail()).filter(
      (m) =>
        m.to === investigatorHq.email &&
        m.subject.includes(`Nueva actividad en el caso ${c.caseNumber}`),
    );
    expect(
      mails
        .map((m) => m.text.match(/denunciante (agregó un comentario|adjuntó archivos)/)?.[1])
        .sort(),
    ).toEqual(['adjuntó archivos', 'agregó un comentario']);
    expect(mails.some((m) => m.text.includes('nuevo episodio'))).toBe(false);
    expect(mails[0]!.text).toContain(`/gestion/casos/${c.id}`);
  });

  it('mails nobody when no one is assigned', async () => {
    const c = await newCase();
    await drainMail();
    await callApi(t.app, contract.addComment, {
      headers: c.auth,
      body: { denuncia_id: c.ticket, comentario: 'Hola' },
    });
    const [pending] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'staff-new-activity' AND status = 'pending'`,
    );
    expect(pending!.n).toBe(0);
  });
});

describe('the inbox', () => {
  it('filters, sorts by next due date in SQL and pages on the server', async () => {
    const org = '10b7758a-a3b4-4044-b6dd-e3b590b10894'; // Clínica Los Andes: only this test's cases
    const investigator = await staff(t, { role: 'investigador', organizations: [org] });
    const cases = [];
    for (const due of ['2030-01-05', '2020-01-01', '2030-01-03', null, '2030-01-04']) {
      const c = await newCase(due === '2030-01-04' ? anonymous() : denuncia(), org);
      await t.db.query('UPDATE complaints SET next_due_date = $2::date WHERE id = $1', [c.id, due]);
      cases.push({ ...c, due });
    }
    const all = (await investigator.call(contract.inbox, {})).json();
    expect(all.total).toBe(5);
    expect(
      all.casos.map((c: { proximo_vencimiento: string | null }) => c.proximo_vencimiento),
    ).toEqual(['2020-01-01', '2030-01-03', '2030-01-04', '2030-01-05', null]);
    expect(all.casos[0].vencido).toBe(true);
    expect(all.casos.map((c: { por_vencer: boolean }) => c.por_vencer)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);

    const page2 = (
      await investigator.call(contract.inbox, { querystring: { limite: '2', desplazamiento: '2' } })
    ).json();
    expect(page2.total).toBe(5);
    expect(page2.casos.map((c: { proximo_vencimiento: string }) => c.proximo_vencimiento)).toEqual([
      '2030-01-04',
      '2030-01-05',
    ]);

    const overdue = (
      await investigator.call(contract.inbox, { querystring: { vencidos: 'true' } })
    ).json();
    expect(overdue.casos.map((c: { id: number }) => c.id)).toEqual([cases[1]!.id]);

    await investigator.call(contract.assignCase, {
      params: { id: cases[2]!.id },
      body: { usuario_id: investigator.id },
    });
    await investigator.call(contract.changeStatus, {
      params: { id: cases[0]!.id },
      body: {
        estado: 'En análisis',
        comentario: 'Revisando',
      },
    });
    expect(
      (await investigator.call(contract.inbox, { querystring: { asignado: 'yo' } }))
        .json()
        .casos.map((c: { id: number }) => c.id),
    ).toEqual([cases[2]!.id]);
    expect(
      (
        await investigator.call(contract.inbox, {
          querystring: { asignado: String(investigator.id) },
        })
      ).json().total,
    ).toBe(1);
    expect(
      (await investigator.call(contract.inbox, { querystring: { asignado: 'ninguno' } })).json()
        .total,
    ).toBe(4);
    expect(
      (await investigator.call(contract.inbox, { querystring: { estado: 'En análisis' } }))
        .json()
        .casos.map((c: { id: number }) => c.id),
    ).toEqual([cases[0]!.id]);
    expect(
      (await investigator.call(contract.inbox, { querystring: { tipo: '1' } }))
        .json()
        .casos.map((c: { id: number }) => c.id),
    ).toEqual([cases[4]!.id]);
    const [{ category_id }] = (await t.db.query<{ category_id: number }>(
      'SELECT category_id FROM complaints WHERE id = $1',
      [cases[4]!.id],
    )) as [{ category_id: number }];
    expect(
      (
        await investigator.call(contract.inbox, {
          querystring: { categoria: category_id, tipo: '1' },
        })
      ).json().total,
    ).toBe(1);
    expect(
      (await investigator.call(contract.inbox, { querystring: { organizacion: org } })).json()
        .total,
    ).toBe(5);
    expect(
      (
        await investigator.call(contract.inbox, { querystring: { organizacion: HEAD_OFFICE } })
      ).json().total,
    ).toBe(0);

    await t.db.query(`UPDATE complaints SET created_at = '2024-06-10T15:00:00Z' WHERE id = $1`, [
      cases[3]!.id,
    ]);
    expect(
      (
        await investigator.call(contract.inbox, {
          querystring: { desde: '2024-06-10', hasta: '2024-06-10' },
        })
      )
        .json()
        .casos.map((c: { id: number }) => c.id),
    ).toEqual([cases[3]!.id]);
    expect(
      (
        await investigator.call(contract.inbox, {
          querystring: { desde: '2024-06-11', hasta: '2024-06-30' },
        })
      ).json().total,
    ).toBe(0);

    const invalid = await investigator.call(contract.inbox, { querystring: { limite: '500' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('El límite puede ser como máximo 100.');
    expect(
      (await investigator.call(contract.inbox, { querystring: { desde: '2024-02-30' } })).json()
        .message,
    ).toBe('La fecha desde no es válida (aaaa-mm-dd).');
    expect(
      (
        await investigator.call(contract.inbox, {
          querystring: { desde: '2024-03-02', hasta: '2024-03-01' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('gives every new complaint a next due date from the legal table', async () => {
    const karin = await newCase();
    const other = await newCase(anonymous());
    const rows = await t.db.query<{ id: number; next_due_date: string; created: string }>(
      `SELECT id, to_char(next_due_date, 'YYYY-MM-DD') AS next_due_date, to_char(created_at AT TIME ZONE 'America/Santiago', 'YYYY-MM-DD') AS created
         FROM complaints WHERE id = ANY($1::bigint[])`,
      [[karin.id, other.id]],
    );
    // (Ids are random: the rows are told apart by id, not by their order.)
    const [karinRow, otherRow] = [karin.id, other.id].map((id) => rows.find((r) => r.id === id)!);
    // Law 21.643: protective measures on the day of receipt; others: acknowledgement within 7 days.
    expect(karinRow!.next_due_date).toBe(karinRow!.created);
    expect(otherRow!.next_due_date > otherRow!.created).toBe(true);
    // Due today: marked soon-due in the inbox (the same working-day window as the milestones), not overdue.
    const inbox = (
      await investigatorHq.call(contract.inbox, { querystring: { limite: '100' } })
    ).json();
    expect(inbox.casos.find((c: { id: number }) => c.id === karin.id)).toMatchObject({
      vencido: false,
      por_vencer: true,
    });
  });
});
