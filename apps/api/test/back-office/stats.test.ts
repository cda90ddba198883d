import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  CEM,
  denuncia,
  EMAIL,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;
const cases: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigator = await staff(t, {
    role: 'investigador',
    name: 'Iván Investigador',
    organizations: [HEAD_OFFICE],
  });
  for (const payload of [denuncia(), denuncia({ tipo_delito_id: 27 }), anonymous(), anonymous()]) {
    const filed = await fileAndLogin(t.app, payload);
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      filed.ticket,
    ]);
    cases.push(row!.id);
  }
  // One of them in another organisation, one received in January and closed 10 days later.
  await t.db.query('UPDATE complaints SET organization_id = $2 WHERE id = $1', [cases[3]!, CEM]);
  await t.db.query(`UPDATE complaints SET created_at = '2025-01-15T15:00:00Z' WHERE id = $1`, [
    cases[0]!,
  ]);
  await closeCase(admin, cases[0]!, { comentario: 'Concluida', resolucion: 'Medidas aplicadas' });
  await t.db.query(`UPDATE complaints SET closed_at = '2025-01-25T15:00:00Z' WHERE id = $1`, [
    cases[0]!,
  ]);
  await t.db.query(`UPDATE complaints SET next_due_date = '2020-01-01' WHERE id = $1`, [cases[1]!]);
  await t.db.query(
    `INSERT INTO case_milestones (complaint_id, milestone, completed_on, recorded_by) VALUES ($1, 'medidas_resguardo', '2025-01-15', $2), ($1, 'medidas_adoptadas', '2025-08-01', $2)`,
    [cases[0]!, admin.id],
  );
});
afterAll(() => t.close());

describe('statistics', () => {
  it('counts by organisation, category, type, status and month, anonymous share, days to close, overdue', async () => {
    const res = await admin.call(contract.statistics, {});
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.total).toBe(4);
    expect(s.por_organizacion).toEqual(
      expect.arrayContaining([
        { nombre: expect.any(String), total: 3 },
        { nombre: expect.any(String), total: 1 },
      ]),
    );
    expect(s.por_estado).toEqual(
      expect.arrayContaining([
        { nombre: 'Cerrada', total: 1 },
        { nombre: 'Recibida', total: 3 },
      ]),
    );
    expect(s.por_mes[0]).toEqual({ mes: '2025-01', total: 1 });
    expect(s.anonimas).toEqual({ total: 2, porcentaje: 50 });
    expect(s.promedio_dias_cierre).toBe(10);
    expect(s.vencidas).toBeGreaterThanOrEqual(1);
    expect(s.por_categoria.reduce((n: number, c: { total: number }) => n + c.total, 0)).toBe(4);
    // An investigator counts only their organisations.
    expect((await investigator.call(contract.statistics, {})).json().total).toBe(3);
    expect(
      (await admin.call(contract.statistics, { querystring: { organizacion: CEM } })).json().total,
    ).toBe(1);
    expect(
      (
        await admin.call(contract.statistics, {
          querystring: { desde: '2025-01-01', hasta: '2025-01-31' },
        })
      ).json().total,
    ).toBe(1);
  });

  it('exports a CSV without personal data, and audits it', async () => {
    // Issue 22: who handles each case and its priority are columns too.
    await admin.call(contract.assignCase, {
      params: { id: cases[1]! },
      body: { usuario_id: investigator.id },
    });
    await investigator.call(contract.setCasePriority, {
      params: { id: cases[1]! },
      body: { prioridad: 'critica' },
    });
    const res = await investigator.call(contract.exportCasesCsv, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="casos.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'N° de caso;Organización;Categoría;Tipo;Estado;Anónima;Fecha de ingreso;Fecha de respuesta;Fecha de cierre;Días al cierre;Próximo vencimiento;Vencido;Canal;Asignado a;Prioridad',
    );
    expect(lines).toHaveLength(4);
    // Every case here was filed in the portal.
    expect(lines.slice(1).every((line) => line.includes(';Portal;'))).toBe(true);
    expect(lines.filter((line) => line.endsWith(';Portal;Iván Investigador;Crítica'))).toHaveLength(
      1,
    );
    expect(lines.filter((line) => line.endsWith(';Portal;;'))).toHaveLength(2);
    const tickets = await t.db.query<{ ticket: number }>('SELECT ticket FROM complaints');
    for (const forbidden of [
      EMAIL,
      'María',
      'González',
      '12345678',
      'jefatura',
      ...tickets.map((r) => String(r.ticket)),
    ]) {
      expect(res.body).not.toContain(forbidden);
    }
    const audit = (await admin.call(contract.auditLog, { querystring: { limite: '5' } })).json();
    expect(audit.entradas[0]).toMatchObject({
      accion: 'estadisticas.exportadas',
      usuario: { id: investigator.id },
      detalle: { filas: 3 },
    });
  });

  it('gives the six-monthly Law 21.643 counts per organisation', async () => {
    const first = (
      await admin.call(contract.halfYearReport, { querystring: { anio: '2025', semestre: '1' } })
    ).json();
    const hq = first.organizaciones.find((o: { id: string }) => o.id === HEAD_OFFICE);
    expect(first.periodo).toEqual({
      anio: 2025,
      semestre: 1,
      desde: '2025-01-01',
      hasta: '2025-06-30',
    });
    expect(hq).toMatchObject({
      denuncias_recibidas: 1,
      casos_con_medidas_de_resguardo: 1,
      casos_con_medidas_adoptadas: 0,
    });
    expect(hq.por_tipo.find((x: { tipo_id: number }) => x.tipo_id === 26).recibidas).toBe(1);
    const second = (
      await admin.call(contract.halfYearReport, { querystring: { anio: '2025', semestre: '2' } })
    ).json();
    expect(second.organizaciones.find((o: { id: string }) => o.id === HEAD_OFFICE)).toMatchObject({
      denuncias_recibidas: 0,
      casos_con_medidas_adoptadas: 1,
    });
    // Investigators see only their organisations.
    const mine = (
      await investigator.call(contract.halfYearReport, {
        querystring: { anio: '2025', semestre: '1' },
      })
    ).json();
    expect(mine.organizaciones.map((o: { id: string }) => o.id)).toEqual([HEAD_OFFICE]);
    const bad = await admin.call(contract.halfYearReport, {
      querystring: { anio: '2025', semestre: '3' as never }, // not a half-year: refused
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El semestre debe ser 1 o 2.');
  });
});
