import { callApi } from '@canal/test-support/api';
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  denuncia,
  EMAIL,
  file,
  HEAD_OFFICE,
  login,
} from '@canal/test-support/complaints';
import { docx, pdf } from '@canal/test-support/files';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

/**
 * An anonymous complaint is anonymous to staff too (issue 9): the case never shows the
 * complainant's e-mail, the exact filing instant or the original file names — in the JSON and in
 * the download's Content-Disposition alike. Mail still reaches the address through the outbox.
 * Nor can its filing time be worked out from what is around it (issue 25): lists give every case
 * its day only, ids tell no order, and neither statistics nor the audit log give the hour.
 */

let t: TestApp;
let investigator: StaffClient;
let admin: StaffClient;
let auditor: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  admin = await staff(t, { role: 'administrador' });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

const NAMES = ['Informe de Juan Pérez.pdf', 'CV María Soto 2024.docx'];

async function fileCase(payload: Record<string, unknown>) {
  const res = await file(t.app, payload, [
    { filename: NAMES[0]!, content: pdf() },
    { filename: NAMES[1]!, content: docx() },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const { ticket } = res.json() as { ticket: number };
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    ticket,
  ]);
  return { ticket, id: row!.id };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('an anonymous complaint seen by staff', () => {
  it('shows neither the e-mail, nor the filing instant, nor the original file names', async () => {
    const { id, ticket } = await fileCase(anonymous());
    // The complainant adds a comment later: its instant is theirs too.
    const { auth } = await login(t.app, ticket);
    const comment = await callApi(t.app, contract.addComment, {
      headers: auth,
      body: { denuncia_id: ticket, comentario: 'Un antecedente más del denunciante.' },
    });
    expect(comment.statusCode).toBe(201);
    await investigator.call(contract.addInternalNote, {
      params: { id },
      body: { comentario: 'Nota interna del equipo.' },
    });

    const res = await investigator.call(contract.viewCase, { params: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(EMAIL);
    expect(res.body).not.toContain('Juan Pérez');
    expect(res.body).not.toContain('María Soto');
    const view = res.json();
    expect(view.denuncia.email).toBeNull();
    expect(view.caso.fecha_ingreso).toMatch(DAY);
    expect(view.archivos.map((f: { nombre: string }) => f.nombre)).toEqual([
      'Archivo1.pdf',
      'Archivo2.docx',
    ]);
    for (const f of view.archivos) expect(f.fecha).toMatch(DAY);
    const entries = [...view.bitacora.visible, ...view.bitacora.interna];
    const byComplainant = entries.filter((e: { personal: string | null }) => e.personal === null);
    const byStaff = entries.filter((e: { personal: string | null }) => e.personal !== null);
    expect(byComplainant.length).toBeGreaterThanOrEqual(2);
    for (const e of byComplainant) expect(e.fecha).toMatch(DAY);
    for (const e of byStaff) expect(e.fecha).toMatch(INSTANT);

    const inbox = (
      await investigator.call(contract.inbox, { querystring: { limite: '100' } })
    ).json();
    const summary = inbox.casos.find((c: { id: number }) => c.id === id);
    expect(summary.fecha_ingreso).toMatch(DAY);

    for (const [i, f] of view.archivos.entries()) {
      const download = await investigator.follow(f.url);
      expect(download.statusCode).toBe(200);
      const disposition = String(download.headers['content-disposition']);
      expect(disposition).toContain(`Archivo${i + 1}.`);
      expect(disposition).not.toMatch(/Juan|P%C3%A9rez|Mar%C3%ADa|Soto|Informe|CV/);
    }

    // Mail still reaches the address: the outbox holds the confirmation for it.
    await t.services.outbox.drain(t.db);
    const mail = await t.services.transport.list!();
    expect(mail.some((m) => m.to === EMAIL || m.to.includes(EMAIL))).toBe(true);
  });

  it('an identified complaint keeps its e-mail, instant and file names', async () => {
    const { id } = await fileCase(denuncia());
    const view = (await investigator.call(contract.viewCase, { params: { id } })).json();
    expect(view.denuncia.email).toBe(EMAIL);
    expect(view.caso.fecha_ingreso).toMatch(INSTANT);
    expect(view.archivos.map((f: { nombre: string }) => f.nombre)).toEqual(NAMES);
  });
});

describe('the filing time of an anonymous complaint, from what is around it (issue 25)', () => {
  /** An identified, an anonymous and an identified complaint, filed one after the other. */
  async function threeInARow() {
    const before = await fileCase(denuncia());
    const hidden = await fileCase(anonymous());
    const after = await fileCase(denuncia());
    return { before, hidden, after };
  }

  it('is in no list: the inbox gives every case its day, and its order and cursors carry no time', async () => {
    const { before, hidden, after } = await threeInARow();
    const ours = new Set([before.id, hidden.id, after.id]);
    const inbox = (
      await investigator.call(contract.inbox, { querystring: { limite: '100' } })
    ).json();
    const listed = inbox.casos.filter((c: { id: number }) => ours.has(c.id));
    expect(listed).toHaveLength(3);
    for (const c of listed) expect(c.fecha_ingreso).toMatch(DAY);
    for (const c of inbox.casos) expect(c.fecha_ingreso).toMatch(DAY);

    // Sorted by receipt, page by page: each cursor holds a day, never an instant.
    let cursor = 'inicio';
    for (let page = 0; page < 3; page++) {
      const res = await investigator.call(contract.inbox, {
        querystring: { orden: 'ingreso', direccion: 'desc', limite: '1', despues: cursor },
      });
      expect(res.statusCode, res.body).toBe(200);
      cursor = res.json().siguiente;
      const [, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      expect(key).toMatch(DAY);
    }
    // The case page of an identified complaint keeps its instant.
    const view = (await investigator.call(contract.viewCase, { params: { id: before.id } })).json();
    expect(view.caso.fecha_ingreso).toMatch(INSTANT);
  });

  it('is in no id: cases get ids that tell no order, log entries their place in the case', async () => {
    const { before, hidden, after } = await threeInARow();
    const ids = [before.id, hidden.id, after.id];
    for (const id of ids) expect(Number.isSafeInteger(id)).toBe(true);
    // Filed one after the other, yet nowhere near each other (a sequence gave n, n+1, n+2).
    const pairs: [number, number][] = [
      [before.id, hidden.id],
      [hidden.id, after.id],
      [before.id, after.id],
    ];
    for (const [a, b] of pairs) expect(Math.abs(a - b)).toBeGreaterThan(1_000_000);
    // A log entry's id is its place in the case's log (the rows' ids are one sequence for all).
    for (const id of ids) {
      const view = (await investigator.call(contract.viewCase, { params: { id } })).json();
      const entries = [...view.bitacora.visible, ...view.bitacora.interna];
      expect(
        entries.map((e: { id: number }) => e.id).sort((x: number, y: number) => x - y),
      ).toEqual(entries.map((_: unknown, i: number) => i + 1));
    }
  });

  it('is not in the statistics: days to close are whole days between the day of receipt and of closing', async () => {
    const { hidden } = await fileCase(anonymous()).then((c) => ({ hidden: c }));
    await closeCase(admin, hidden.id, { comentario: 'Concluida', resolucion: 'Sin mérito' });
    // Received 10:07 in Santiago, closed the same day at 19:00: hours to close would give the
    // minute of filing from the (known) minute of closing.
    await t.db.query(
      `UPDATE complaints SET created_at = '2025-02-03T13:07:00Z', closed_at = '2025-02-03T22:00:00Z'
        WHERE id = $1`,
      [hidden.id],
    );
    const stats = await admin.call(contract.statistics, {
      querystring: { desde: '2025-02-03', hasta: '2025-02-03' },
    });
    expect(stats.json()).toMatchObject({ total: 1, promedio_dias_cierre: 0 });
    const csv = await admin.call(contract.exportCasesCsv, {
      querystring: { desde: '2025-02-03', hasta: '2025-02-03' },
    });
    const [, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const cells = row!.split(';');
    expect(cells[6]).toBe('03-02-2025');
    expect(cells[9]).toBe('0');
  });

  it('is not in the audit log: what no staff member did about an anonymous case shows its day', async () => {
    const rule = await admin.call(contract.createAlertRule, {
      body: {
        organizacion: HEAD_OFFICE,
        categoria_id: null,
        usuario_id: investigator.id,
        asignar: true,
      },
    });
    expect(rule.statusCode).toBe(201);
    const hidden = await fileCase(anonymous());
    const identified = await fileCase(denuncia());
    await investigator.call(contract.viewCase, { params: { id: hidden.id } });

    const entries = async (id: number) =>
      (await auditor.call(contract.auditLog, { querystring: { caso: String(id) } })).json()
        .entradas as { accion: string; fecha: string; usuario: unknown }[];
    const trail = await entries(hidden.id);
    const byRule = trail.find((e) => e.accion === 'caso.asignado')!;
    expect(byRule.usuario).toBeNull();
    expect(byRule.fecha).toMatch(DAY);
    // What staff did keeps its instant; so does the system's act on an identified case.
    expect(trail.find((e) => e.accion === 'caso.visto')!.fecha).toMatch(INSTANT);
    expect((await entries(identified.id)).find((e) => e.accion === 'caso.asignado')!.fecha).toMatch(
      INSTANT,
    );

    const csv = await auditor.call(contract.exportAuditCsv, {
      querystring: { caso: String(hidden.id), accion: 'caso.asignado' },
    });
    const [, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(row!.split(';')[1]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });
});
