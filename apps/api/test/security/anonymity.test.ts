import { callApi } from '../support/api';
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { anonymous, denuncia, EMAIL, file, HEAD_OFFICE, login } from '../support/complaints';
import { docx, pdf } from '../support/files';
import { staff, type StaffClient } from '../back-office/support';

/**
 * An anonymous complaint is anonymous to staff too (issue 9): the case never shows the
 * complainant's e-mail, the exact filing instant or the original file names — in the JSON and in
 * the download's Content-Disposition alike. Mail still reaches the address through the outbox.
 */

let t: TestApp;
let investigator: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
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
