// The audit log as an auditor reads it (issue 11): case numbers and Spanish words instead of ids,
// codes and JSON; filters by person, action, case and dates; and the export a Spanish-locale
// spreadsheet opens as columns. Also the format of the other CSV exports.
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  CLINICA_ATACAMA,
  denuncia,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

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
  auditor = await staff(t, {
    role: 'auditor',
    name: 'Aurora Auditora',
    organizations: [HEAD_OFFICE],
  });
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
      'Asignado a',
      'Prioridad',
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
    expect(header!.slice(-3)).toEqual([
      'Casos con medidas de resguardo',
      'Casos con medidas adoptadas',
      'Avisos de represalias después del cierre',
    ]);
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
    expect(Number(row.at(-3))).toBe(hq.casos_con_medidas_de_resguardo);
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

describe('the audit log follows the cases and organisations each reader sees (issue 25)', () => {
  /** Every entry a reader gets, on screen (all pages) and in the export. */
  async function readAll(who: StaffClient, querystring: Record<string, string> = {}) {
    const screen: { id: number; accion: string; caso_id: number | null; detalle: unknown }[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await who.call(contract.auditLog, {
        querystring: { ...querystring, limite: '200', desplazamiento: String(offset) },
      });
      expect(page.statusCode, page.body).toBe(200);
      const { entradas, total } = page.json();
      screen.push(...entradas);
      if (offset + 200 >= total) break;
    }
    const csv = await who.call(contract.exportAuditCsv, { querystring });
    expect(csv.statusCode).toBe(200);
    const [, ...rows] = csvRows(csv.body);
    return { screen, csvIds: rows.map((r) => Number(r[0])), csvCases: rows.map((r) => r[5]) };
  }

  it('shows an auditor the trail of their organisations’ cases only, on screen and in the export', async () => {
    const auditorHq = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
    const auditorAtacama = await staff(t, {
      role: 'auditor',
      organizations: [CLINICA_ATACAMA],
    });
    const filed = await fileAndLogin(
      t.app,
      anonymous({ filial: CLINICA_ATACAMA, zona_id: 3, agencia_id: 6031 }),
    );
    const [other] = await t.db.query<{ id: number; case_number: string }>(
      'SELECT id, case_number FROM complaints WHERE ticket = $1',
      [filed.ticket],
    );
    expect((await admin.call(contract.viewCase, { params: { id: other!.id } })).statusCode).toBe(
      200,
    );
    expect((await admin.call(contract.viewCase, { params: { id: caseId } })).statusCode).toBe(200);

    const hq = await readAll(auditorHq);
    expect(hq.screen.some((e) => e.caso_id === caseId)).toBe(true);
    expect(hq.screen.some((e) => e.caso_id === other!.id)).toBe(false);
    expect(hq.csvCases).toContain(caseNumber);
    expect(hq.csvCases).not.toContain(other!.case_number);
    // Asking for the other organisation's case by id or number finds nothing.
    expect((await readAll(auditorHq, { caso: String(other!.id) })).screen).toEqual([]);
    const byNumber = await readAll(auditorHq, { numero_caso: other!.case_number });
    expect(byNumber.screen).toEqual([]);
    expect(byNumber.csvIds).toEqual([]);

    const atacama = await readAll(auditorAtacama);
    expect(atacama.screen.some((e) => e.caso_id === other!.id)).toBe(true);
    expect(atacama.screen.some((e) => e.caso_id === caseId)).toBe(false);
    expect(atacama.csvCases).not.toContain(caseNumber);

    // An administrator of every organisation reads both.
    const all = await readAll(admin);
    expect(all.screen.some((e) => e.caso_id === caseId)).toBe(true);
    expect(all.screen.some((e) => e.caso_id === other!.id)).toBe(true);
  });

  it('hides a case’s trail, their own exclusion included, from an auditor excluded from it', async () => {
    const excluded = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
    const filed = await fileAndLogin(t.app, denuncia());
    const [row] = await t.db.query<{ id: number; case_number: string }>(
      'SELECT id, case_number FROM complaints WHERE ticket = $1',
      [filed.ticket],
    );
    const id = row!.id;
    expect((await admin.call(contract.viewCase, { params: { id } })).statusCode).toBe(200);
    const exclusion = await admin.call(contract.excludeFromCase, {
      params: { id, userId: excluded.id },
    });
    expect(exclusion.statusCode, exclusion.body).toBeLessThan(300);

    const seen = await readAll(excluded);
    expect(seen.screen.some((e) => e.caso_id === id)).toBe(false);
    expect(seen.screen.some((e) => e.accion === 'caso.exclusion')).toBe(false);
    expect(seen.csvCases).not.toContain(row!.case_number);
    expect((await readAll(excluded, { caso: String(id) })).screen).toEqual([]);
    expect((await readAll(excluded, { accion: 'caso.exclusion' })).csvIds).toEqual([]);
    // The rest of the organisation's trail is still theirs.
    expect(seen.screen.some((e) => e.caso_id === caseId)).toBe(true);

    // Another auditor of the organisation reads the case and the exclusion.
    const other = await readAll(auditor, { caso: String(id) });
    expect(other.screen.map((e) => e.accion)).toEqual(
      expect.arrayContaining(['caso.visto', 'caso.exclusion']),
    );
  });

  it('shows an entry about no case to the readers of the organisation it concerns', async () => {
    const auditorHq = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
    const auditorAtacama = await staff(t, {
      role: 'auditor',
      organizations: [CLINICA_ATACAMA],
    });
    // Master data of one organisation; a person of the other; an administrator of every one.
    const zone = await admin.call(contract.createMasterItem, {
      body: { organizacion: CLINICA_ATACAMA, lista: 'zonas', nombre: 'Zona de la auditoría' },
    });
    expect(zone.statusCode, zone.body).toBe(201);
    const investigatorHq = await staff(t, {
      role: 'investigador',
      organizations: [HEAD_OFFICE],
    });
    const changed = await admin.call(contract.updateUser, {
      params: { id: investigatorHq.id },
      body: { nombre: 'Iris Investigadora' },
    });
    expect(changed.statusCode).toBe(200);
    await investigatorHq.call(contract.signOut, {});

    const hq = await readAll(auditorHq);
    const atacama = await readAll(auditorAtacama);
    const masterData = (r: typeof hq) =>
      r.screen.filter((e) => e.accion === 'datos_maestros.agregado');
    const aboutInvestigator = (r: typeof hq) =>
      r.screen.filter(
        (e) =>
          (e.accion === 'usuario.modificado' &&
            (e.detalle as { usuario_id?: number }).usuario_id === investigatorHq.id) ||
          (e.accion === 'sesion.salida' &&
            (e as unknown as { usuario: { id: number } }).usuario.id === investigatorHq.id),
      );
    expect(masterData(atacama)).toHaveLength(1);
    expect(masterData(hq)).toHaveLength(0);
    expect(
      aboutInvestigator(hq)
        .map((e) => e.accion)
        .sort(),
    ).toEqual(['sesion.salida', 'usuario.modificado']);
    expect(aboutInvestigator(atacama)).toHaveLength(0);
    // What the administrator of every organisation did for themselves (their activation)
    // concerns every organisation; the change above is about a head-office person, so only that
    // organisation's auditors read it. The export holds what the screen shows.
    for (const who of [auditorHq, auditorAtacama]) {
      const { screen } = await readAll(who, { usuario: String(admin.id) });
      expect(
        screen.some((e) => e.accion === 'sesion.ingreso' || e.accion === 'cuenta.activada'),
      ).toBe(true);
    }
    expect(atacama.csvIds.sort()).toEqual(atacama.screen.map((e) => e.id).sort());
  });

  it('still checks the whole chain, whoever asks', async () => {
    const auditorAtacama = await staff(t, {
      role: 'auditor',
      organizations: [CLINICA_ATACAMA],
    });
    const [{ n }] = (await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log',
    )) as [{ n: number }];
    const check = await auditorAtacama.call(contract.verifyAuditChain, {});
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ integra: true, primera_rota: null });
    expect(check.json().entradas).toBe(n);
    expect((await readAll(auditorAtacama)).screen.length).toBeLessThan(n);
  });
});
