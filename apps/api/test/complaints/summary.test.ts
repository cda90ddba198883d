import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, fileAndLogin, HEAD_OFFICE, login } from '@canal/test-support/complaints';
import { addWorkingDays, civilDateInZone, type CivilDate } from '../../src/core/deadlines';
import { staff, type StaffClient } from '@canal/test-support/staff';

// The summary at the top of the complainant's page (issue 22, decision 0061), from the API.

let t: TestApp;
let investigator: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

const today = () => civilDateInZone(new Date()) as CivilDate;

async function summary(ticket: number, auth: Record<string, string>) {
  const res = await callApi(t.app, contract.complaintDetail, {
    headers: auth,
    params: { id: String(ticket) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().resumen;
}

describe('the detail summary', () => {
  it('gives the previous visit: none on the first, the one before on each later sign-in', async () => {
    const first = await fileAndLogin(t.app, denuncia({ tipo_delito_id: 1 }));
    expect((await summary(first.ticket, first.auth)).visita_anterior).toBeNull();
    const before = Date.now();
    const second = await login(t.app, first.ticket);
    const previous = (await summary(first.ticket, second.auth)).visita_anterior;
    expect(Date.parse(previous)).toBeLessThanOrEqual(before);
    const third = await login(t.app, first.ticket);
    expect(Date.parse((await summary(first.ticket, third.auth)).visita_anterior)).toBeGreaterThan(
      Date.parse(previous),
    );
  });

  it('gives a Law 21.643 case its decision and investigation days, and other types none', async () => {
    const karin = await fileAndLogin(t.app, denuncia());
    expect((await summary(karin.ticket, karin.auth)).plazos_ley_21643).toEqual({
      decision: addWorkingDays(today(), 3),
      investigacion: addWorkingDays(today(), 30),
    });
    const other = await fileAndLogin(t.app, denuncia({ tipo_delito_id: 1 }));
    expect((await summary(other.ticket, other.auth)).plazos_ley_21643).toBeNull();
  });

  it('gives "Faltan antecedentes" a date: 10 working days from the day the team asked', async () => {
    const c = await fileAndLogin(t.app, denuncia({ tipo_delito_id: 1 }));
    expect((await summary(c.ticket, c.auth)).antecedentes_hasta).toBeNull();
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      c.ticket,
    ]);
    const asked = await investigator.call(contract.changeStatus, {
      params: { id: row!.id },
      body: { estado: 'Faltan antecedentes', comentario: 'Envíe su contrato, por favor.' },
    });
    expect(asked.statusCode).toBeLessThan(300);
    expect((await summary(c.ticket, c.auth)).antecedentes_hasta).toBe(addWorkingDays(today(), 10));
  });
});
