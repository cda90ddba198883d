import { contract } from '@canal/shared/contract';
import { DEFAULT_NOTICE_TEMPLATES } from '@canal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CEM, HEAD_OFFICE } from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let headOfficeAdmin: StaffClient;
let investigator: StaffClient;
let auditor: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', email: 'admin.plantillas@empresa.cl' });
  headOfficeAdmin = await staff(t, {
    role: 'administrador',
    organizations: [HEAD_OFFICE],
    email: 'admin.matriz.plantillas@empresa.cl',
  });
  investigator = await staff(t, { role: 'investigador', organizations: [CEM] });
  auditor = await staff(t, { role: 'auditor', organizations: [CEM] });
});
afterAll(() => t.close());

type Template = { organizacion: string; clave: string; texto: string; actualizado: string | null };
const templates = async (who: StaffClient): Promise<Template[]> => {
  const res = await who.call(contract.listNoticeTemplates, {});
  expect(res.statusCode).toBe(200);
  return res.json().plantillas;
};
const save = (who: StaffClient, body: { organizacion: string; clave: string; texto: string }) =>
  who.call(contract.updateNoticeTemplate, { body: body as never });
const audited = () =>
  t.db.query<{ actor_id: number; detail: unknown }>(
    `SELECT actor_id::int AS actor_id, detail FROM audit_log WHERE action = 'plantillas.modificada' ORDER BY id`,
  );
const detail = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d);

describe('notice templates', () => {
  it('gives each organisation the default texts until an administrator writes its own', async () => {
    const cem = (await templates(investigator)).filter((p) => p.organizacion === CEM);
    expect(cem.map((p) => p.clave)).toEqual(['decision', 'designacion', 'conclusiones', 'medidas']);
    expect(cem.find((p) => p.clave === 'designacion')).toEqual({
      organizacion: CEM,
      clave: 'designacion',
      texto: DEFAULT_NOTICE_TEMPLATES.designacion,
      actualizado: null,
    });
    // An investigator reads only the organisations they work on.
    expect(new Set((await templates(investigator)).map((p) => p.organizacion))).toEqual(
      new Set([CEM]),
    );
  });

  it('saves an organisation’s own text, for that organisation only, and audits the change once', async () => {
    const texto = 'Su denuncia {numero_caso} la investiga {persona_investigadora}.';
    const res = await save(admin, {
      organizacion: CEM,
      clave: 'designacion',
      texto: `  ${texto} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organizacion: CEM, clave: 'designacion', texto });
    const read = await templates(investigator);
    expect(read.find((p) => p.clave === 'designacion')).toMatchObject({
      texto,
      actualizado: expect.any(String),
    });
    // Another organisation keeps the default.
    const headOffice = (await templates(admin)).find(
      (p) => p.organizacion === HEAD_OFFICE && p.clave === 'designacion',
    );
    expect(headOffice?.texto).toBe(DEFAULT_NOTICE_TEMPLATES.designacion);

    // Saving the same text again is no change: one audit row, with before and after.
    expect((await save(admin, { organizacion: CEM, clave: 'designacion', texto })).statusCode).toBe(
      200,
    );
    const rows = await audited();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_id).toBe(admin.id);
    expect(detail(rows[0]!.detail)).toEqual({
      organizacion: CEM,
      plantilla: 'designacion',
      antes: DEFAULT_NOTICE_TEMPLATES.designacion,
      despues: texto,
    });
  });

  it('refuses an empty or overlong text, an unknown kind, another organisation, and non-administrators', async () => {
    const empty = await save(admin, { organizacion: CEM, clave: 'medidas', texto: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Escriba el texto de la plantilla.');
    const long = await save(admin, {
      organizacion: CEM,
      clave: 'medidas',
      texto: 'a'.repeat(4001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('como máximo 4000 caracteres');
    const kind = await save(admin, { organizacion: CEM, clave: 'otra', texto: 'x' });
    expect(kind.statusCode).toBe(400);
    expect(kind.body).toContain('La plantilla indicada no existe.');
    const elsewhere = await save(headOfficeAdmin, {
      organizacion: CEM,
      clave: 'medidas',
      texto: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await save(investigator, { organizacion: CEM, clave: 'medidas', texto: 'x' })).statusCode,
    ).toBe(403);
    expect((await auditor.call(contract.listNoticeTemplates, {})).statusCode).toBe(403);
  });
});
