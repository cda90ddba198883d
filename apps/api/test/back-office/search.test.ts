import { randomBytes } from 'node:crypto';
import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  CEM,
  CLINICA_ATACAMA,
  denuncia,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { masterKeyring, prepareDatabase } from '../../src/runtime';
import { createKeyring } from '../../src/crypto/keys';
import { complaintSearchIndexes } from '../../src/core/complaints/search-index';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigatorHq: StaffClient;
let investigatorAtacama: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigatorHq = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  investigatorAtacama = await staff(t, { role: 'investigador', organizations: [CLINICA_ATACAMA] });
});
afterAll(() => t.close());

/** Files a complaint through the portal: its id, ticket and case number. */
async function newCase(payload = denuncia()) {
  const filed = await fileAndLogin(t.app, payload);
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  return { ticket: filed.ticket, id: row!.id, caseNumber: row!.case_number };
}

/** An identified complaint with its own RUT and e-mail. */
const identified = (rut: string, email: string) =>
  denuncia({
    denuncia_ticket: { email, pass: 'Segura#2024' },
    email_contacto: email,
    denunciante: {
      apellido_materno: 'Rojas',
      apellido_paterno: 'González',
      email,
      fono: '912345678',
      nombres: 'María José',
      rut,
    },
  });

async function search(who: StaffClient, buscar: string) {
  const res = await who.call(contract.inbox, { querystring: { buscar } });
  expect(res.statusCode).toBe(200);
  return (res.json().casos as { id: number }[]).map((c) => c.id);
}

describe('the inbox search', () => {
  it('finds a case by its RUT in any usual format, through the blind index', async () => {
    const c = await newCase(identified('11.111.111-1', 'rut.format@correo.cl'));
    for (const rut of ['11.111.111-1', '111111111', '11111111-1', ' 11111111-1 ']) {
      expect(await search(admin, rut)).toEqual([c.id]);
    }
    // A RUT with a wrong check digit is no RUT: nothing found.
    expect(await search(admin, '11.111.111-2')).toEqual([]);
  });

  it('finds a RUT with a K check digit written in either case', async () => {
    // 10.000.013-K: its check digit is K.
    const c = await newCase(identified('10.000.013-k', 'rut.k@correo.cl'));
    expect(await search(admin, '10000013K')).toEqual([c.id]);
    expect(await search(admin, '10.000.013-k')).toEqual([c.id]);
  });

  it('finds a case by the e-mail, whatever its case and spaces', async () => {
    const c = await newCase(identified('9.876.543-3', 'Ana.Perez@Correo.CL'));
    expect(await search(admin, 'ana.perez@correo.cl')).toEqual([c.id]);
    expect(await search(admin, '  ANA.PEREZ@CORREO.CL ')).toEqual([c.id]);
    // Only the whole address: no part of it.
    expect(await search(admin, 'ana.perez@correo')).toEqual([]);
  });

  it('finds a case by its case number, whole or in part, and by its whole ticket only', async () => {
    const c = await newCase(identified('7.654.321-6', 'numero@correo.cl'));
    expect(await search(admin, c.caseNumber)).toEqual([c.id]);
    expect(await search(admin, c.caseNumber.toLowerCase())).toEqual([c.id]);
    const tail = c.caseNumber.slice(-5);
    expect(await search(admin, tail)).toContain(c.id);
    expect(await search(admin, String(c.ticket))).toEqual([c.id]);
    expect(await search(admin, String(c.ticket).slice(0, 11))).not.toContain(c.id);
    // LIKE's wildcards are taken literally.
    expect(await search(admin, '%')).toEqual([]);
    expect(await search(admin, '_')).toEqual([]);
  });

  it('never finds an anonymous complaint by the address it was filed with', async () => {
    const c = await newCase(
      anonymous({
        denuncia_ticket: { email: 'anonima@correo.cl', pass: 'Segura#2024' },
        email_contacto: 'anonima@correo.cl',
      }),
    );
    expect(await search(admin, 'anonima@correo.cl')).toEqual([]);
    // …though its case number finds it.
    expect(await search(admin, c.caseNumber)).toEqual([c.id]);
  });

  it('keeps to the inbox rules: other organisations and exclusions are not found', async () => {
    const c = await newCase(identified('15.555.555-6', 'alcance@correo.cl'));
    expect(await search(investigatorHq, '15.555.555-6')).toEqual([c.id]);
    expect(await search(investigatorAtacama, '15.555.555-6')).toEqual([]);
    expect(await search(investigatorAtacama, c.caseNumber)).toEqual([]);
    const excluded = await admin.call(contract.excludeFromCase, {
      params: { id: c.id, userId: investigatorHq.id },
    });
    expect(excluded.statusCode).toBe(200);
    expect(await search(investigatorHq, '15.555.555-6')).toEqual([]);
    expect(await search(investigatorHq, 'alcance@correo.cl')).toEqual([]);
    expect(await search(investigatorHq, c.caseNumber)).toEqual([]);
    // The search combines with the filters.
    const combined = await admin.call(contract.inbox, {
      querystring: { buscar: '15.555.555-6', organizacion: CLINICA_ATACAMA },
    });
    expect(combined.json().total).toBe(0);
  });

  it('audits a search by RUT or e-mail with its blind index, never the value', async () => {
    const c = await newCase(identified('9.999.999-3', 'auditada@correo.cl'));
    const before = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'casos.busqueda'",
    );
    expect(await search(investigatorHq, '9999999-3')).toEqual([c.id]);
    expect(await search(investigatorHq, 'AUDITADA@correo.cl')).toEqual([c.id]);
    // A case number is no person: not audited.
    await search(investigatorHq, c.caseNumber);
    const rows = await t.db.query<{ actor_id: number; detail: unknown }>(
      "SELECT actor_id::int AS actor_id, detail FROM audit_log WHERE action = 'casos.busqueda' ORDER BY id",
    );
    const mine = rows.slice(before[0]!.n);
    expect(mine).toHaveLength(2);
    const [byRut, byEmail] = mine.map((r) =>
      typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
    );
    const [stored] = await t.db.query<{ rut_search: string; email_search: string }>(
      'SELECT rut_search, email_search FROM complaints WHERE id = $1',
      [c.id],
    );
    expect(byRut).toEqual({ por: 'rut', indice: stored!.rut_search, resultados: 1 });
    expect(byEmail).toEqual({ por: 'correo', indice: stored!.email_search, resultados: 1 });
    expect(mine.every((r) => r.actor_id === investigatorHq.id)).toBe(true);
    expect(JSON.stringify(mine)).not.toMatch(/9999999|auditada/i);
  });

  it('refuses an empty or overlong search with a Spanish 400', async () => {
    const empty = await admin.call(contract.inbox, { querystring: { buscar: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Escriba qué buscar.');
    const long = await admin.call(contract.inbox, { querystring: { buscar: 'x'.repeat(255) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('La búsqueda puede tener como máximo 254 caracteres.');
  });
});

describe('the blind indexes', () => {
  it('store neither the RUT nor the e-mail, only keyed digests of 128 bits', async () => {
    const c = await newCase(identified('13.131.313-6', 'guardado@correo.cl'));
    const [row] = await t.db.query<{
      rut_search: string;
      email_search: string;
      search_indexed: boolean;
    }>('SELECT rut_search, email_search, search_indexed FROM complaints WHERE id = $1', [c.id]);
    expect(row!.search_indexed).toBe(true);
    for (const digest of [row!.rut_search, row!.email_search]) {
      expect(digest).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(row!.rut_search).not.toBe(row!.email_search);
    const dump = JSON.stringify(
      await t.db.query('SELECT * FROM complaints WHERE id = $1', [c.id]),
    ).toLowerCase();
    for (const clear of ['13131313', '13.131.313', 'guardado@correo.cl']) {
      expect(dump).not.toContain(clear);
    }
    // Keyed: the same values under another root key give other digests.
    const values = {
      anonymous: false,
      rut: '131313136',
      email: 'GUARDADO@correo.cl',
      accusedName: null,
    };
    expect(complaintSearchIndexes(t.services.keyring, values)).toEqual({
      rut_search: row!.rut_search,
      email_search: row!.email_search,
      accused_search: null,
    });
    const other = complaintSearchIndexes(createKeyring(randomBytes(32)), values);
    expect(other.rut_search).not.toBe(row!.rut_search);
    expect(other.email_search).not.toBe(row!.email_search);
  });

  it('are written for complaints saved before them when the database is prepared (start-up, npm run migrate)', async () => {
    const c = await newCase(identified('16.666.666-k', 'antigua@correo.cl'));
    const a = await newCase(anonymous());
    // As rows stood before migration 012 was applied.
    await t.db.query(
      'UPDATE complaints SET rut_search = NULL, email_search = NULL, search_indexed = false WHERE id = ANY($1::bigint[])',
      [[c.id, a.id]],
    );
    expect(await search(admin, '16.666.666-k')).toEqual([]);
    await prepareDatabase(
      t.db,
      masterKeyring(t.services.config, () => {}),
    );
    expect(await search(admin, '16666666K')).toEqual([c.id]);
    expect(await search(admin, 'ANTIGUA@correo.cl')).toEqual([c.id]);
    const rows = await t.db.query<{ id: number; search_indexed: boolean; email_search: string }>(
      'SELECT id, search_indexed, email_search FROM complaints WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[c.id, a.id]],
    );
    expect(rows.map((r) => r.search_indexed)).toEqual([true, true]);
    expect(rows.find((r) => r.id === a.id)!.email_search).toBeNull();
  });
});

describe('the search for an accused person (a request of theirs, Law 21.719)', () => {
  /** A Law 21.643 complaint (the types that name the accused person) naming `name`. */
  const accusing = (name: string, type = 27) =>
    denuncia({ tipo_delito_id: type, denunciado_nombre: name });

  it('finds every case that names them by any two words of the name, in any order, accents and case aside', async () => {
    const named = await newCase(accusing('Rodrigo Andrés Castañeda Vial'));
    const again = await newCase(accusing('rodrigo castaneda', 26));
    const other = await newCase(accusing('Rodrigo Pérez Vial'));
    for (const query of ['Rodrigo Castañeda', 'castaneda RODRIGO', 'Castañeda, Rodrigo'])
      expect((await search(admin, query)).sort()).toEqual([named.id, again.id].sort());
    expect(await search(admin, 'Andrés Vial')).toEqual([named.id]);
    expect((await search(admin, 'Rodrigo Vial')).sort()).toEqual([named.id, other.id].sort());
    // Every pair of the words searched must be in the name: a third word narrows.
    expect(await search(admin, 'Rodrigo Castañeda Vial')).toEqual([named.id]);
    // One word finds nobody (a surname alone is not a person), nor does a name nobody gave.
    expect(await search(admin, 'Castañeda')).toEqual([]);
    expect(await search(admin, 'Rodrigo Soto')).toEqual([]);
    // Only within the organisations the person may see.
    expect(await search(investigatorAtacama, 'Rodrigo Castañeda')).toEqual([]);
  });

  it('keeps only keyed digests of the name, is audited by its digests, and is filled in for complaints saved before it', async () => {
    const c = await newCase(accusing('Valentina Ortúzar Lagos'));
    const [row] = await t.db.query<{ accused_search: string[] }>(
      'SELECT accused_search FROM complaints WHERE id = $1',
      [c.id],
    );
    // Three words: three pairs, 128-bit digests, no word in clear.
    expect(row!.accused_search).toHaveLength(3);
    for (const digest of row!.accused_search) expect(digest).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const dump = JSON.stringify(
      await t.db.query('SELECT * FROM complaints WHERE id = $1', [c.id]),
    ).toLowerCase();
    for (const clear of ['valentina', 'ortuzar', 'ortúzar', 'lagos'])
      expect(dump).not.toContain(clear);

    expect(await search(investigatorHq, 'Valentina Lagos')).toEqual([c.id]);
    const [audited] = await t.db.query<{ detail: string }>(
      `SELECT detail FROM audit_log WHERE action = 'casos.busqueda' AND actor_id = $1
        ORDER BY id DESC LIMIT 1`,
      [investigatorHq.id],
    );
    const detail = JSON.parse(audited!.detail) as { por: string; indice: string };
    expect(detail).toMatchObject({ por: 'denunciado', resultados: 1 });
    expect(row!.accused_search).toContain(detail.indice);
    expect(detail.indice.toLowerCase()).not.toMatch(/valentina|lagos/);
    // A case number is never looked up as a name (nor audited as a person's search).
    const before = await t.db.query(`SELECT id FROM audit_log WHERE action = 'casos.busqueda'`);
    await search(admin, c.caseNumber);
    expect(
      await t.db.query(`SELECT id FROM audit_log WHERE action = 'casos.busqueda'`),
    ).toHaveLength(before.length);

    // As rows stood before migration 043: the start-up indexes them from the sealed name.
    await t.db.query(
      'UPDATE complaints SET accused_search = NULL, search_indexed = false WHERE id = $1',
      [c.id],
    );
    expect(await search(admin, 'Valentina Lagos')).toEqual([]);
    await prepareDatabase(
      t.db,
      masterKeyring(t.services.config, () => {}),
    );
    expect(await search(admin, 'Lagos Valentina')).toEqual([c.id]);
  });
});

describe('the inbox order', () => {
  /** Four cases of CEM (moved there, so no other test's cases mix in), with what the order reads. */
  const cases: { id: number; caseNumber: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) cases.push(await newCase());
    const ids = cases.map((c) => c.id);
    await t.db.query('UPDATE complaints SET organization_id = $2 WHERE id = ANY($1::bigint[])', [
      ids,
      CEM,
    ]);
    // Statuses out of alphabetical order; two cases share one (the id breaks the tie).
    const rows: [string, string | null][] = [
      ['Cerrada', '2026-05-01'],
      ['Recibida', null],
      ['En investigación', '2026-03-01'],
      ['Recibida', '2026-04-01'],
    ];
    for (const [i, [status, due]] of rows.entries())
      await t.db.query(
        'UPDATE complaints SET status = $2, next_due_date = $3::date WHERE id = $1',
        [cases[i]!.id, status, due],
      );
    await t.db.query('UPDATE complaints SET assignee_id = $2 WHERE id = $1', [
      cases[2]!.id,
      admin.id,
    ]);
  });

  const ids = async (query: Record<string, string | number>) => {
    const res = await admin.call(contract.inbox, {
      querystring: { organizacion: CEM, ...query } as never,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().casos as { id: number }[]).map((c) => c.id);
  };
  const at = (...i: number[]) => i.map((n) => cases[n]!.id);

  it('sorts by the next due date by default, empty dates last', async () => {
    expect(await ids({})).toEqual(at(2, 3, 0, 1));
    expect(await ids({ orden: 'vencimiento', direccion: 'desc' })).toEqual(at(0, 3, 2, 1));
  });

  /** Two of the cases in the order of their ids (random: not the order they were filed in). */
  const byId = (i: number, j: number) => at(i, j).sort((a, b) => a - b);

  it('sorts by status in the order a case goes through them, ties by id', async () => {
    expect(await ids({ orden: 'estado' })).toEqual([...byId(1, 3), ...at(2, 0)]);
    // Descending reverses the column, never the tiebreak: pages stay stable.
    expect(await ids({ orden: 'estado', direccion: 'desc' })).toEqual([...at(0, 2), ...byId(1, 3)]);
  });

  it('sorts by case number, filing day and assignee (unassigned last either way)', async () => {
    expect(await ids({ orden: 'numero' })).toEqual(at(0, 1, 2, 3));
    expect(await ids({ orden: 'numero', direccion: 'desc' })).toEqual(at(3, 2, 1, 0));
    // By the day of receipt, then the id: never the instant, which would place an anonymous case
    // between its neighbours (issue 25). Cases 0 and 1 share a day, 1 received first in it.
    const received = [
      '2026-01-10T22:00:00Z',
      '2026-01-10T12:00:00Z',
      '2026-01-12T15:00:00Z',
      '2026-01-13T15:00:00Z',
    ];
    for (const [i, at] of received.entries())
      await t.db.query('UPDATE complaints SET created_at = $2 WHERE id = $1', [cases[i]!.id, at]);
    expect(await ids({ orden: 'ingreso' })).toEqual([...byId(0, 1), ...at(2, 3)]);
    expect(await ids({ orden: 'ingreso', direccion: 'desc' })).toEqual([
      ...at(3, 2),
      ...byId(0, 1),
    ]);
    expect((await ids({ orden: 'asignado' }))[0]).toBe(cases[2]!.id);
    expect((await ids({ orden: 'asignado', direccion: 'desc' }))[0]).toBe(cases[2]!.id);
  });

  it('pages through a sorted inbox without repeating or losing a case', async () => {
    const all = await ids({ orden: 'estado', direccion: 'desc' });
    const pages = [
      ...(await ids({ orden: 'estado', direccion: 'desc', limite: 2, desplazamiento: 0 })),
      ...(await ids({ orden: 'estado', direccion: 'desc', limite: 2, desplazamiento: 2 })),
    ];
    expect(pages).toEqual(all);
  });

  it('sorts by organisation and type too', async () => {
    const byOrg = await admin.call(contract.inbox, {
      querystring: { orden: 'organizacion', limite: 100 },
    });
    const names = (byOrg.json().casos as { organizacion: { nombre: string } }[]).map(
      (c) => c.organizacion.nombre,
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect((await ids({ orden: 'tipo' })).sort()).toEqual([...at(0, 1, 2, 3)].sort());
  });

  it('refuses a column it does not sort by, or a wrong direction, with a Spanish 400', async () => {
    for (const orden of ['password_hash', 'c.id; DROP TABLE complaints', 'rut']) {
      const res = await admin.call(contract.inbox, { querystring: { orden } as never });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Solo se puede ordenar por: numero, organizacion, tipo, estado, vencimiento, asignado, ingreso, prioridad.',
      );
    }
    const dir = await admin.call(contract.inbox, {
      querystring: { orden: 'numero', direccion: 'arriba' } as never,
    });
    expect(dir.statusCode).toBe(400);
    expect(dir.json().message).toBe('La dirección del orden debe ser asc o desc.');
  });
});
