import { contract, INBOX_SORTS } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CEM, fileAndLogin, HEAD_OFFICE } from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

// Keyset paging of the inbox (issue 13, decision 0025): following `siguiente` from `despues=inicio`
// visits exactly the cases of the offset pages, in the same order, whatever the sort and however
// many cases share a sort key.
let t: TestApp;
let admin: StaffClient;
let investigatorHq: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigatorHq = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  // Two filed at the head office, the second moved to CEM (the portal files there with its own places).
  const filed = [await fileAndLogin(t.app), await fileAndLogin(t.app)];
  await t.db.query('UPDATE complaints SET organization_id = $2 WHERE ticket = $1', [
    filed[1]!.ticket,
    CEM,
  ]);
  // 2 filed + 2 × 20 copies (same instant, type, organisation: ties everywhere), then due dates,
  // statuses, priorities and assignees shared by many cases, some empty.
  await t.db.query(
    `INSERT INTO complaints
     SELECT r.* FROM unnest($1::bigint[]) WITH ORDINALITY AS f(ticket, n)
            JOIN complaints c ON c.ticket = f.ticket, generate_series(1, 20) AS g,
            LATERAL jsonb_populate_record(c, jsonb_build_object(
              'id', nextval(pg_get_serial_sequence('complaints', 'id')),
              'ticket', 500000000000 + f.n * 1000 + g,
              'case_number', 'KS-' || f.n || '-' || g)) AS r`,
    [filed.map((f) => f.ticket)],
  );
  await t.db.query(
    `UPDATE complaints SET
       next_due_date = CASE WHEN id % 4 = 0 THEN NULL ELSE DATE '2026-06-01' + (id % 3)::int END,
       status = (ARRAY['Recibida', 'En análisis', 'Cerrada'])[1 + id % 3],
       priority = CASE WHEN id % 2 = 0 THEN NULL ELSE 'alta' END,
       assignee_id = CASE WHEN id % 5 = 0 THEN $1::bigint ELSE NULL END`,
    [admin.id],
  );
});
afterAll(() => t.close());

type Query = Record<string, string | number>;

/** The ids of one inbox answer, with its total and cursor. */
async function page(who: StaffClient, query: Query) {
  const res = await who.call(contract.inbox, { querystring: query as never });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    total: number | null;
    siguiente: string | null;
    casos: { id: number }[];
  };
  return { ...body, ids: body.casos.map((c) => c.id) };
}

/** Every case by following the cursors, pages of `limite`; each keyset page counts nothing. */
async function walk(who: StaffClient, query: Query, limite = 7) {
  const ids: number[] = [];
  let despues: string | null = 'inicio';
  for (let pages = 0; despues !== null; pages++) {
    expect(pages).toBeLessThan(100);
    const p = await page(who, { ...query, limite, despues });
    expect(p.total).toBeNull();
    expect(p.ids.length).toBeLessThanOrEqual(limite);
    ids.push(...p.ids);
    despues = p.siguiente;
  }
  return ids;
}

describe('keyset paging of the inbox', () => {
  it('covers every case once, in the order of the offset pages, for every sort and direction', async () => {
    for (const orden of INBOX_SORTS)
      for (const direccion of ['asc', 'desc']) {
        const query = { orden, direccion };
        const reference = await page(admin, { ...query, limite: 100 });
        expect(reference.total).toBe(42);
        const walked = await walk(admin, query);
        expect(new Set(walked).size, `${orden} ${direccion}`).toBe(walked.length);
        expect(walked, `${orden} ${direccion}`).toEqual(reference.ids);
      }
  });

  it('uses the default order (next due date, empty last) when none is given', async () => {
    const reference = await page(admin, { limite: 100 });
    expect(await walk(admin, {}, 5)).toEqual(reference.ids);
    expect(await walk(admin, {}, 42)).toEqual(reference.ids);
  });

  it('keeps the filters and the scope of the user', async () => {
    const filters = { organizacion: CEM, estado: 'Recibida' };
    const reference = await page(admin, { ...filters, limite: 100 });
    expect(reference.ids.length).toBeGreaterThan(3);
    expect(await walk(admin, filters, 3)).toEqual(reference.ids);
    const unassigned = await page(admin, { asignado: 'ninguno', prioridad: 'alta', limite: 100 });
    expect(await walk(admin, { asignado: 'ninguno', prioridad: 'alta' }, 4)).toEqual(
      unassigned.ids,
    );
    // An investigator of the head office walks only its 21 cases.
    const own = await walk(investigatorHq, {}, 6);
    expect(own).toHaveLength(21);
    expect(own).toEqual((await page(investigatorHq, { limite: 100 })).ids);
  });

  it('still counts offset pages, which give the cursor of the next page too', async () => {
    const first = await page(admin, { limite: 10 });
    expect(first.total).toBe(42);
    const next = await page(admin, { limite: 10, despues: first.siguiente! });
    expect(next.ids).toEqual((await page(admin, { limite: 10, desplazamiento: 10 })).ids);
    expect((await page(admin, { limite: 100 })).siguiente).toBeNull();
  });

  it('refuses a cursor that is not one, or one made in another order, with a Spanish 400', async () => {
    const { siguiente } = await page(admin, { limite: 5, despues: 'inicio' });
    for (const query of [
      { despues: 'no es un cursor' },
      { despues: Buffer.from('[1,2]').toString('base64url') },
      { despues: siguiente!, orden: 'numero' },
      { despues: siguiente!, direccion: 'desc' },
    ]) {
      const res = await admin.call(contract.inbox, { querystring: query as never });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toMatch(/cursor/);
    }
  });
});
