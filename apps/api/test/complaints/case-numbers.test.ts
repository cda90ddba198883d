import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_NUMBER_PREFIXES, ORGANIZATIONS } from '@canal/shared';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { anonymous, CLINICA_ATACAMA, file, HEAD_OFFICE } from '@canal/test-support/complaints';

/** Case numbers name their organisation and are unique across the group (issue 11). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MIGRATION = path.resolve(
  import.meta.dirname,
  '../../src/db/migrations/009_case_numbers_by_organization.sql',
);

async function caseNumberOf(ticket: number): Promise<string> {
  const [row] = await t.db.query<{ case_number: string }>(
    'SELECT case_number FROM complaints WHERE ticket = $1',
    [ticket],
  );
  return row!.case_number;
}

describe('case numbers', () => {
  it("start with the organisation's prefix, so the first cases of two organisations differ", async () => {
    const head = await file(t.app, anonymous());
    const clinic = await file(
      t.app,
      anonymous({ filial: CLINICA_ATACAMA, zona_id: 3, agencia_id: 6031 }),
      [],
      CLINICA_ATACAMA,
    );
    expect(head.statusCode).toBe(201);
    expect(clinic.statusCode).toBe(201);
    const year = new Date().getFullYear();
    const headNumber = await caseNumberOf(head.json().ticket);
    const clinicNumber = await caseNumberOf(clinic.json().ticket);
    expect(headNumber).toMatch(new RegExp(`^MAS-(${year}|${year - 1}|${year + 1})-\\d{5}$`));
    expect(clinicNumber).toMatch(/^CAT-\d{4}-\d{5}$/);
    // Each organisation counts on its own: both are the first of their year in this database.
    expect(headNumber.slice(4)).toBe(clinicNumber.slice(4));
    expect(headNumber).not.toBe(clinicNumber);
  });

  it('cannot repeat across organisations: the database refuses a duplicate number', async () => {
    const [one] = await t.db.query<{ case_number: string }>(
      'SELECT case_number FROM complaints WHERE organization_id = $1 LIMIT 1',
      [HEAD_OFFICE],
    );
    await expect(
      t.db.query('UPDATE complaints SET case_number = $1 WHERE organization_id = $2', [
        one!.case_number,
        CLINICA_ATACAMA,
      ]),
    ).rejects.toThrow();
  });

  it('are given one distinct prefix per organisation', () => {
    const prefixes = ORGANIZATIONS.map((o) => CASE_NUMBER_PREFIXES[o.key]);
    expect(new Set(prefixes).size).toBe(ORGANIZATIONS.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^[A-Z]{3,4}$/);
  });

  it('of a database from before: the migration renames CD- numbers with the same prefixes', async () => {
    const sql = readFileSync(MIGRATION, 'utf8');
    // The migration's mapping is the shared one (it hard-codes it, as migrations must).
    for (const org of ORGANIZATIONS)
      expect(sql).toContain(`('${org.id}'::uuid, '${CASE_NUMBER_PREFIXES[org.key]}')`);

    const clinic = await file(
      t.app,
      anonymous({ filial: CLINICA_ATACAMA, zona_id: 3, agencia_id: 6031 }),
      [],
      CLINICA_ATACAMA,
    );
    const ticket = clinic.json().ticket as number;
    await t.db.query("UPDATE complaints SET case_number = 'CD-2025-00917' WHERE ticket = $1", [
      ticket,
    ]);
    // Run again on this database, the migration renames the old-style number and nothing else.
    const before = await t.db.query<{ ticket: number; case_number: string }>(
      "SELECT ticket, case_number FROM complaints WHERE case_number NOT LIKE 'CD-%' ORDER BY id",
    );
    await t.db.transaction((tx) => tx.exec(sql));
    expect(await caseNumberOf(ticket)).toBe('CAT-2025-00917');
    const after = await t.db.query<{ ticket: number; case_number: string }>(
      'SELECT ticket, case_number FROM complaints WHERE ticket <> $1 ORDER BY id',
      [ticket],
    );
    expect(after).toEqual(before);
  });
});
