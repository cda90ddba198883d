import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, fileAndLogin, HEAD_OFFICE } from '@canal/test-support/complaints';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

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

/** A general (non Law 21.643) case: type 1 of the head office. */
async function generalCase() {
  const filed = await fileAndLogin(t.app, denuncia({ tipo_delito_id: 1 }));
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    filed.ticket,
  ]);
  return row!.id;
}

const viewOf = async (id: number) =>
  (await investigator.call(contract.viewCase, { params: { id } })).json();

const reclassify = (client: StaffClient, id: number, body: Record<string, unknown>) =>
  client.call(contract.reclassifyCase, {
    params: { id },
    body: body as { tipo_id: number; motivo: string },
  });

describe('reclassifying a case', () => {
  it('moves the case to the new type’s legal regime, counted from receipt, with the next due date recomputed; logged and audited', async () => {
    const id = await generalCase();
    const before = await viewOf(id);
    const generalKeys = before.hitos.map((h: { clave: string }) => h.clave);
    expect(generalKeys).not.toContain('medidas_resguardo');

    const res = await reclassify(investigator, id, {
      tipo_id: 26,
      motivo: 'El relato describe acoso laboral reiterado por la jefatura.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Tipo de denuncia actualizado.');

    const after = await viewOf(id);
    expect(after.caso.tipo_id).toBe(26);
    expect(after.caso.tipo).not.toBe(before.caso.tipo);
    const keys = after.hitos.map((h: { clave: string }) => h.clave);
    expect(keys).toContain('medidas_resguardo');
    expect(keys).toContain('decision_y_aviso_dt');
    expect(keys).toContain('investigacion_cerrada');
    // "De inmediato": due the day of receipt, which is now the next due date (it was later).
    const receipt = after.hitos.find((h: { clave: string }) => h.clave === 'medidas_resguardo');
    expect(after.caso.proximo_vencimiento).toBe(receipt.vence);
    expect(after.caso.proximo_vencimiento).not.toBe(before.caso.proximo_vencimiento);
    const [stored] = await t.db.query<{ next_due_date: string; category_id: number }>(
      `SELECT to_char(next_due_date, 'YYYY-MM-DD') AS next_due_date, category_id FROM complaints WHERE id = $1`,
      [id],
    );
    expect(stored!.next_due_date).toBe(receipt.vence);

    // The internal log keeps the reason; the complainant's log says nothing.
    const entry = after.bitacora.interna.at(-1);
    expect(entry.evento).toBe(
      `Cambio de tipo de denuncia: de «${before.caso.tipo}» a «${after.caso.tipo}»`,
    );
    expect(entry.comentario).toBe('El relato describe acoso laboral reiterado por la jefatura.');
    expect(after.bitacora.visible).toHaveLength(before.bitacora.visible.length);

    const audit = (
      await admin.call(contract.auditLog, {
        querystring: { caso: String(id), accion: 'caso.reclasificado' },
      })
    ).json();
    expect(audit.entradas).toHaveLength(1);
    expect(audit.entradas[0].accion_nombre).toBe('Cambio de tipo de denuncia');
    expect(audit.entradas[0].resumen).toBe(`De «${before.caso.tipo}» a «${after.caso.tipo}»`);
    expect(audit.entradas[0].usuario.id).toBe(investigator.id);
  });

  it('refuses bad input in Spanish, an auditor, the same type and a closed case', async () => {
    const id = await generalCase();
    const empty = await reclassify(investigator, id, { tipo_id: 26, motivo: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Debe escribir el motivo del cambio de tipo.');
    const noType = await reclassify(investigator, id, { motivo: 'Motivo' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toBe('Debe elegir el nuevo tipo de denuncia.');
    const unknown = await reclassify(investigator, id, { tipo_id: 99999, motivo: 'Motivo' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'El tipo de denuncia elegido no existe para la organización del caso.',
    );
    const same = await reclassify(investigator, id, { tipo_id: 1, motivo: 'Motivo' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('El caso ya tiene ese tipo de denuncia.');
    expect((await reclassify(auditor, id, { tipo_id: 26, motivo: 'Motivo' })).statusCode).toBe(403);
    // Nothing changed.
    expect((await viewOf(id)).caso.tipo_id).toBe(1);

    const closed = await closeCase(investigator, id, {
      comentario: 'Se cierra.',
      resolucion: 'Sin mérito.',
    });
    expect(closed.statusCode).toBe(201);
    const refused = await reclassify(investigator, id, { tipo_id: 26, motivo: 'Motivo' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('El caso está cerrado y no admite ese cambio.');
    const entries = await t.db.query(
      `SELECT 1 FROM audit_log WHERE complaint_id = $1 AND action = 'caso.reclasificado'`,
      [id],
    );
    expect(entries).toHaveLength(0);
  });
});
