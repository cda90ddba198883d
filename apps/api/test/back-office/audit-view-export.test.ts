// The audit log as an auditor reads it (issue 11): case numbers and Spanish words instead of ids,
// codes and JSON; filters by person, action, case and dates; and the export a Spanish-locale
// spreadsheet opens as columns. Also the format of the other CSV exports.
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { denuncia, fileAndLogin, HEAD_OFFICE } from '../support/complaints';
import { staff, type StaffClient } from './support';

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;
let auditor: StaffClient;
let caseNumber: string;
let caseId: number;

const todayInSantiago = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

/** The CSV's rows as cells: it starts with a BOM, splits on semicolons, ends lines with CRLF. */
function csvRows(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Ana Administradora' });
  investigator = await staff(t, {
    role: 'investigador',
    name: 'Iván Investigador',
    organizations: [HEAD_OFFICE],
  });
  auditor = await staff(t, { role: 'auditor', name: 'Aurora Auditora' });
  const filed = await fileAndLogin(t.app, denuncia());
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  caseId = row!.id;
  caseNumber = row!.case_number;
  await admin.call(contract.assignCase, {
    params: { id: caseId },
    body: { usuario_id: investigator.id },
  });
  const milestone = await investigator.call(contract.recordMilestone, {
    params: { id: caseId, clave: 'medidas_resguardo' },
    body: { fecha: todayInSantiago() },
  });
  expect(milestone.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the audit log in words', () => {
  it('names the case by its number, the action and the detail in Spanish', async () => {
    const res = await auditor.call(contract.auditLog, { querystring: { numero_caso: caseNumber } });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entradas as {
      accion: string;
      accion_nombre: string;
      numero_caso: string;
      resumen: string;
    }[];
    const assigned = entries.find((e) => e.accion === 'caso.asignado')!;
    expect(assigned).toMatchObject({
      numero_caso: caseNumber,
      accion_nombre: 'Asignación',
      resumen: 'Persona: Iván Investigador',
    });
    const milestone = entries.find((e) => e.accion === 'caso.hito')!;
    expect(milestone.accion_nombre).toBe('Hito registrado');
    expect(milestone.resumen).toBe(
      `Hito: Adopción de medidas de resguardo · Fecha: ${ddmmyyyy(todayInSantiago())}`,
    );
    for (const e of entries) {
      expect(e.resumen).not.toMatch(/[{}"]|usuario_id|medidas_resguardo/);
      expect(e.accion_nombre).not.toContain('.');
    }
  });

  it('filters by person, action and dates, together', async () => {
    const byPerson = (
      await auditor.call(contract.auditLog, { querystring: { persona: 'iván', limite: '200' } })
    ).json();
    expect(byPerson.total).toBeGreaterThan(0);
    for (const e of byPerson.entradas) expect(e.usuario.nombre).toBe('Iván Investigador');

    const milestones = (
      await auditor.call(contract.auditLog, {
        querystring: { accion: 'caso.hito', persona: 'Investigador' },
      })
    ).json();
    expect(milestones.total).toBe(1);
    expect(milestones.entradas[0].numero_caso).toBe(caseNumber);

    const today = todayInSantiago();
    expect(
      (
        await auditor.call(contract.auditLog, { querystring: { desde: today, hasta: today } })
      ).json().total,
    ).toBeGreaterThan(0);
    expect(
      (
        await auditor.call(contract.auditLog, {
          querystring: { desde: '2020-01-01', hasta: '2020-12-31' },
        })
      ).json().total,
    ).toBe(0);
    // A name with LIKE's wildcards matches them as text.
    expect(
      (await auditor.call(contract.auditLog, { querystring: { persona: '%' } })).json().total,
    ).toBe(0);
  });

  it('refuses an unknown action or a reversed period in Spanish', async () => {
    const action = await auditor.call(contract.auditLog, {
      querystring: { accion: 'caso.borrado' as never },
    });
    expect(action.statusCode).toBe(400);
    expect(action.json().message).toContain('La acción indicada no es válida.');
    const period = await auditor.call(contract.exportAuditCsv, {
      querystring: { desde: '2026-02-01', hasta: '2026-01-01' },
    });
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toContain(
      'La fecha desde no puede ser posterior a la fecha hasta.',
    );
  });
});

describe('the audit export', () => {
  it('exports the filtered entries as a CSV for a Spanish-locale spreadsheet, and audits it', async () => {
    const res = await auditor.call(contract.exportAuditCsv, {
      querystring: { numero_caso: caseNumber.toLowerCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="registro-de-auditoria.csv"',
    );
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'N°',
      'Fecha',
      'Acción',
      'Persona',
      'Correo',
      'Caso',
      'Detalle',
      'Hash',
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row[1]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
      expect(row[5]).toBe(caseNumber);
    }
    expect(rows.map((r) => r[2])).toContain('Hito registrado');
    expect(rows.find((r) => r[2] === 'Asignación')?.[6]).toBe('Persona: Iván Investigador');

    const audit = (
      await auditor.call(contract.auditLog, { querystring: { accion: 'auditoria.exportada' } })
    ).json();
    expect(audit.entradas[0]).toMatchObject({
      usuario: { id: auditor.id },
      accion_nombre: 'Exportación del registro de auditoría (CSV)',
    });
    expect(audit.entradas[0].resumen).toContain(`Filas: ${rows.length}`);
  });

  it('is closed to investigators', async () => {
    expect((await investigator.call(contract.exportAuditCsv, {})).statusCode).toBe(403);
  });
});

describe('the other CSV exports', () => {
  it('the case list: semicolons, BOM, Spanish headers, dd-mm-yyyy, sí/no', async () => {
    const res = await admin.call(contract.exportCasesCsv, {});
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'N° de caso',
      'Organización',
      'Categoría',
      'Tipo',
      'Estado',
      'Anónima',
      'Fecha de ingreso',
      'Fecha de respuesta',
      'Fecha de cierre',
      'Días al cierre',
      'Próximo vencimiento',
      'Vencido',
      'Canal',
    ]);
    const mine = rows.find((r) => r[0] === caseNumber)!;
    expect(mine[5]).toBe('no');
    expect(mine[6]).toBe(ddmmyyyy(todayInSantiago()));
    expect(mine[10]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(mine[11]).toMatch(/^(sí|no)$/);
    expect(mine[12]).toBe('Portal');
  });

  it('the six-monthly counts for the mutual (Anexo N°67), audited', async () => {
    const year = Number(todayInSantiago().slice(0, 4));
    const half = Number(todayInSantiago().slice(5, 7)) <= 6 ? '1' : '2';
    const res = await admin.call(contract.exportHalfYearCsv, {
      querystring: { anio: String(year), semestre: half },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="anexo-67-${year}-s${half}.csv"`,
    );
    const [header, ...rows] = csvRows(res.body);
    expect(header!.slice(0, 4)).toEqual(['Organización', 'Desde', 'Hasta', 'Denuncias recibidas']);
    expect(header!.at(-2)).toBe('Casos con medidas de resguardo');
    expect(rows).toHaveLength(13);
    const json = (
      await admin.call(contract.halfYearReport, {
        querystring: { anio: String(year), semestre: half },
      })
    ).json();
    const hq = json.organizaciones[0];
    const row = rows.find((r) => r[0] === hq.nombre)!;
    expect(row[1]).toBe(half === '1' ? `01-01-${year}` : `01-07-${year}`);
    expect(Number(row[3])).toBe(hq.denuncias_recibidas);
    expect(Number(row.at(-2))).toBe(hq.casos_con_medidas_de_resguardo);
    const audit = (
      await auditor.call(contract.auditLog, {
        querystring: { accion: 'estadisticas.semestral_exportado' },
      })
    ).json();
    expect(audit.entradas[0].resumen).toBe(`Año: ${year} · Semestre: ${half}`);
  });

  it('refuses a bad half-year in Spanish', async () => {
    const res = await admin.call(contract.exportHalfYearCsv, {
      querystring: { anio: '2019', semestre: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('El año debe ser 2023 o posterior.');
  });
});
