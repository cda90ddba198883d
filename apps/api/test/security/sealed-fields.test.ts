import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../src/crypto/keys';
import { openField, sealField, SEALED_FIELD_VERSION } from '../../src/crypto/sealed-field';
import { UNVERIFIABLE_FIELD } from '../../src/core/complaints/sealed';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, fileAndLogin, HEAD_OFFICE } from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

/**
 * Sealed fields are bound to their place (issue 9): each value is sealed with the complaint's id
 * and its column as additional authenticated data, in a versioned format that names the key. A value
 * moved to another column or another complaint does not open: the field is not shown and an
 * integrity alarm is raised. Values written before this format (no prefix, no binding) still open.
 */

const alarms: { message: string; detail: Record<string, unknown> }[] = [];
let t: TestApp;
let investigator: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  t.services.alarm = (message, detail) => alarms.push({ message, detail });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

const DESCRIPTION = 'Mi jefatura me grita frente al equipo todas las semanas desde marzo.';
const OTHER_PLACE = 'Bodega del segundo piso, junto a la oficina de turnos';

async function fileWithOtherPlace() {
  const filed = await fileAndLogin(
    t.app,
    denuncia({ agencia_id: null, otro_lugar: OTHER_PLACE, relato: DESCRIPTION }),
  );
  const [row] = await t.db.query<{ id: number; description_enc: string; other_place_enc: string }>(
    'SELECT id, description_enc, other_place_enc FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  return { ...filed, ...row! };
}

describe('sealed fields', () => {
  it('are written as v2 with key id 0 and open only in their own place', async () => {
    const c = await fileWithOtherPlace();
    expect(c.description_enc.startsWith(`${SEALED_FIELD_VERSION}:0:`)).toBe(true);
    expect(c.other_place_enc.startsWith(`${SEALED_FIELD_VERSION}:0:`)).toBe(true);
    const key = t.services.keyring.unwrapDataKey(
      (
        await t.db.query<{ data_key: string }>('SELECT data_key FROM complaints WHERE id = $1', [
          c.id,
        ])
      )[0]!.data_key,
    );
    const here = { complaintId: c.id, field: 'complaints.description' as const };
    expect(openField(key, c.description_enc, here)).toBe(DESCRIPTION);
    expect(() => openField(key, c.description_enc, { ...here, complaintId: c.id + 1 })).toThrow(
      /integridad/,
    );
    expect(() =>
      openField(key, c.description_enc, { ...here, field: 'complaints.other_place' }),
    ).toThrow(/integridad/);
    // Another key id is not this key: the id is authenticated too.
    expect(() => openField(key, c.description_enc.replace(/^v2:0:/, 'v2:1:'), here)).toThrow();
    expect(openField(key, sealField(key, 'x', here), here)).toBe('x');
  });

  it('swapped in the database (description ↔ other place), are not shown swapped, and raise an alarm', async () => {
    const c = await fileWithOtherPlace();
    alarms.length = 0;
    await t.db.query(
      'UPDATE complaints SET description_enc = other_place_enc, other_place_enc = description_enc WHERE id = $1',
      [c.id],
    );
    for (const read of [
      async () =>
        (await investigator.call(contract.viewCase, { params: { id: c.id } })).json().denuncia,
      async () =>
        (
          await t.app.inject({ method: 'GET', url: `/v1/denuncias/${c.ticket}`, headers: c.auth })
        ).json(),
    ]) {
      const d = await read();
      expect(d.descripcion_hecho).not.toBe(OTHER_PLACE);
      expect(d.otro_lugar).not.toBe(DESCRIPTION);
      expect(d.descripcion_hecho).toBe(UNVERIFIABLE_FIELD);
      expect(d.otro_lugar).toBe(UNVERIFIABLE_FIELD);
    }
    expect(alarms.map((a) => a.detail)).toContainEqual({
      complaintId: c.id,
      field: 'complaints.description',
    });
    expect(alarms.map((a) => a.detail)).toContainEqual({
      complaintId: c.id,
      field: 'complaints.other_place',
    });
    // The alarm never carries the value.
    expect(JSON.stringify(alarms)).not.toContain('jefatura');
  });

  it('moved from another complaint, do not open either', async () => {
    const a = await fileWithOtherPlace();
    const b = await fileWithOtherPlace();
    // Same data key for both, so that only the binding can tell (as if keys were shared).
    await t.db.query(
      `UPDATE complaints SET data_key = (SELECT data_key FROM complaints WHERE id = $1),
         description_enc = (SELECT description_enc FROM complaints WHERE id = $1) WHERE id = $2`,
      [a.id, b.id],
    );
    const d = (await investigator.call(contract.viewCase, { params: { id: b.id } })).json()
      .denuncia;
    expect(d.descripcion_hecho).toBe(UNVERIFIABLE_FIELD);
  });

  it('written before the format (no prefix, no binding) still open', async () => {
    const c = await fileWithOtherPlace();
    const [row] = await t.db.query<{ data_key: string }>(
      'SELECT data_key FROM complaints WHERE id = $1',
      [c.id],
    );
    const key = t.services.keyring.unwrapDataKey(row!.data_key);
    await t.db.query('UPDATE complaints SET description_enc = $2 WHERE id = $1', [
      c.id,
      seal(key, 'Texto guardado con el formato anterior.'),
    ]);
    const d = (await investigator.call(contract.viewCase, { params: { id: c.id } })).json()
      .denuncia;
    expect(d.descripcion_hecho).toBe('Texto guardado con el formato anterior.');
    expect(d.otro_lugar).toBe(OTHER_PLACE);
  });
});
