import { contract, type MasterDataAdminWire } from '@canal/shared/contract';
import type { MasterItemInput } from '@canal/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSecondInstance, buildTestApp, type TestApp } from '@canal/test-support/app';
import { callApi } from '@canal/test-support/api';
import {
  CEM,
  HEAD_OFFICE,
  denuncia,
  file,
  fileAndLogin,
  headers,
} from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';
import { MASTER_DATA_RULES as R } from '../../src/back-office/master-data/admin';

/**
 * Master-data administration (issue 11, decision 0020): administrators add, change, reorder and
 * retire the lists of each organisation; every change is audited, the portal answers the new
 * lists at once on every instance, retired elements are no longer offered but cases keep showing
 * them, and the Law 21.643 types keep their legal meaning.
 */

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Adela Administradora' });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

const view = async (organizacion = HEAD_OFFICE): Promise<MasterDataAdminWire> => {
  const res = await admin.call(contract.getMasterData, { querystring: { organizacion } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const add = (body: Partial<MasterItemInput> & Pick<MasterItemInput, 'lista'>) =>
  admin.call(contract.createMasterItem, {
    body: { organizacion: HEAD_OFFICE, nombre: '', ...body } as MasterItemInput,
  });

const update = (id: number, body: Partial<MasterItemInput> & Pick<MasterItemInput, 'lista'>) =>
  admin.call(contract.updateMasterItem, {
    params: { id },
    body: { organizacion: HEAD_OFFICE, nombre: '', ...body } as MasterItemInput,
  });

const setActive = (id: number, lista: MasterItemInput['lista'], activo: boolean) =>
  admin.call(contract.setMasterItemActive, {
    params: { id },
    body: { organizacion: HEAD_OFFICE, lista, activo },
  });

const portal = async (app = t.app, filial = HEAD_OFFICE) => {
  const get = async (e: Parameters<typeof callApi>[1]) =>
    (await callApi(app, e, { headers: headers(filial) } as never)).json();
  return {
    zonas: (await get(contract.zones)) as {
      id: number;
      nombre: string;
      agencias: { id: number; nombre: string }[];
    }[],
    delitos: (await get(contract.offenceCategories)) as {
      categoria: { id: number; nombre: string };
      delito_tipos: { id: number; nombre: string; descripcion: string; grupo: string | null }[];
    }[],
    relaciones: (await get(contract.relationOptions)) as { id: number; descripcion: string }[],
  };
};

const lastAudit = async (action: string) => {
  const res = await admin.call(contract.auditLog, {
    querystring: { accion: action, limite: '5' } as never,
  });
  expect(res.statusCode).toBe(200);
  return res.json().entradas[0] as { accion_nombre: string; resumen: string; detalle: unknown };
};

const message = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

describe('master-data administration', () => {
  it('is for administrators: an investigator gets 403 on every call', async () => {
    const q = { querystring: { organizacion: HEAD_OFFICE } };
    expect((await investigator.call(contract.getMasterData, q)).statusCode).toBe(403);
    const body = { organizacion: HEAD_OFFICE, lista: 'zonas', nombre: 'Zona nueva' } as const;
    expect((await investigator.call(contract.createMasterItem, { body })).statusCode).toBe(403);
    expect(
      (await investigator.call(contract.updateMasterItem, { params: { id: 13 }, body })).statusCode,
    ).toBe(403);
    expect(
      (
        await investigator.call(contract.setMasterItemActive, {
          params: { id: 13 },
          body: { organizacion: HEAD_OFFICE, lista: 'zonas', activo: false },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await investigator.call(contract.reorderMasterList, {
          body: { organizacion: HEAD_OFFICE, lista: 'zonas', ids: [13] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists every list of the organisation, marking the legal category and types', async () => {
    const v = await view();
    expect(v.organizacion).toBe(HEAD_OFFICE);
    expect(v.zonas.some((z) => z.id === 13 && z.activo)).toBe(true);
    expect(v.lugares.find((l) => l.id === 1131)).toMatchObject({ zona_id: 13, activo: true });
    expect(v.tipos.filter((x) => x.legal).map((x) => x.id)).toEqual([26, 27, 28]);
    const legalCategory = v.tipos.find((x) => x.id === 26)!.categoria_id;
    expect(v.categorias.find((c) => c.legal)?.id).toBe(legalCategory);
    expect(v.relaciones.length).toBeGreaterThan(0);
    expect(v.reconoce.length).toBeGreaterThan(0);
    const bad = await admin.call(contract.getMasterData, { querystring: { organizacion: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toContain('Debe elegir una organización válida.');
  });

  it('adds a place to a zone, audited, and the portal offers it at once', async () => {
    const res = await add({ lista: 'lugares', nombre: '  Agencia Ñuñoa  ', zona_id: 13 });
    expect(res.statusCode).toBe(201);
    const added = (res.json() as MasterDataAdminWire).lugares.find(
      (l) => l.nombre === 'Agencia Ñuñoa',
    )!;
    expect(added).toMatchObject({ zona_id: 13, activo: true });
    const zone = (await portal()).zonas.find((z) => z.id === 13)!;
    expect(zone.agencias.at(-1)).toEqual({ id: added.id, nombre: 'Agencia Ñuñoa' });

    const entry = await lastAudit('datos_maestros.agregado');
    expect(entry.accion_nombre).toBe('Dato maestro agregado');
    expect(entry.resumen).toContain('Lugares (agencias) de');
    expect(entry.resumen).toContain('Nombre: Agencia Ñuñoa');
    expect(entry.resumen).toContain('Zona: N° 13');

    // A complaint can be filed at the new place.
    const filed = await file(t.app, denuncia({ zona_id: 13, agencia_id: added.id }));
    expect(filed.statusCode).toBe(201);
  });

  it('refuses with clear messages: empty name, duplicate name, zone or category of another organisation', async () => {
    const empty = await add({ lista: 'zonas', nombre: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(message(empty)).toContain('Escriba el nombre.');

    const typeWithoutDescription = await add({
      lista: 'tipos',
      nombre: 'Otro tipo',
      categoria_id: 1,
    });
    expect(typeWithoutDescription.statusCode).toBe(400);
    expect(message(typeWithoutDescription)).toContain(
      'Escriba la descripción del tipo de denuncia.',
    );

    const placeWithoutZone = await add({ lista: 'lugares', nombre: 'Sin zona' });
    expect(placeWithoutZone.statusCode).toBe(400);
    expect(message(placeWithoutZone)).toContain('Debe elegir la zona del lugar.');

    // Same name, other case and accents, in the same zone.
    const twin = await add({ lista: 'lugares', nombre: 'agencia  MAIPU', zona_id: 13 });
    expect(twin.statusCode).toBe(409);
    expect(message(twin)).toBe(R.taken('Agencia Maipú'));

    // A zone that only CEM has (new ids are unique across organisations).
    const cem = await admin.call(contract.createMasterItem, {
      body: { organizacion: CEM, lista: 'zonas', nombre: 'Zona solo CEM' },
    });
    expect(cem.statusCode).toBe(201);
    const cemZone = (cem.json() as MasterDataAdminWire).zonas.find(
      (z) => z.nombre === 'Zona solo CEM',
    )!.id;
    expect((await view()).zonas.some((z) => z.id === cemZone)).toBe(false);
    const elsewhere = await add({ lista: 'lugares', nombre: 'Agencia Lejana', zona_id: cemZone });
    expect(elsewhere.statusCode).toBe(400);
    expect(message(elsewhere)).toBe(R.zoneElsewhere);

    const noCategory = await add({
      lista: 'tipos',
      nombre: 'Tipo suelto',
      descripcion: 'Una descripción suficiente.',
      categoria_id: 999,
    });
    expect(noCategory.statusCode).toBe(400);
    expect(message(noCategory)).toBe(R.categoryElsewhere);
  });

  it('renames and edits a type (description and group), audited with before and after', async () => {
    const res = await update(1, {
      lista: 'tipos',
      nombre: 'Cohecho o soborno',
      categoria_id: (await view()).tipos.find((x) => x.id === 1)!.categoria_id,
      descripcion: 'Ofrecer o aceptar un beneficio indebido a cambio de una decisión.',
      grupo: 'Delitos económicos',
    });
    expect(res.statusCode).toBe(200);
    const type = (res.json() as MasterDataAdminWire).tipos.find((x) => x.id === 1)!;
    expect(type).toMatchObject({ nombre: 'Cohecho o soborno', grupo: 'Delitos económicos' });
    const offered = (await portal()).delitos
      .flatMap((c) => c.delito_tipos)
      .find((x) => x.id === 1)!;
    expect(offered).toMatchObject({
      nombre: 'Cohecho o soborno',
      descripcion: 'Ofrecer o aceptar un beneficio indebido a cambio de una decisión.',
      grupo: 'Delitos económicos',
    });
    const entry = await lastAudit('datos_maestros.modificado');
    expect(entry.resumen).toMatch(/^Tipos de denuncia de .+ · Elemento: N° 1 · Antes: Nombre: /);
    expect(entry.resumen).toContain('Después: Nombre: Cohecho o soborno');

    const unknown = await update(987654, { lista: 'zonas', nombre: 'Nada' });
    expect(unknown.statusCode).toBe(404);
  });

  it('reorders a list, and refuses an order that leaves an element out', async () => {
    const ids = (await view()).relaciones.map((o) => o.id);
    const reversed = [...ids].reverse();
    const res = await admin.call(contract.reorderMasterList, {
      body: { organizacion: HEAD_OFFICE, lista: 'relaciones', ids: reversed },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as MasterDataAdminWire).relaciones.map((o) => o.id)).toEqual(reversed);
    expect((await portal()).relaciones.map((o) => o.id)).toEqual(reversed);
    expect((await lastAudit('datos_maestros.ordenado')).resumen).toContain('Nuevo orden: ');

    const partial = await admin.call(contract.reorderMasterList, {
      body: { organizacion: HEAD_OFFICE, lista: 'relaciones', ids: reversed.slice(1) },
    });
    expect(partial.statusCode).toBe(400);
    expect(message(partial)).toBe(R.order);

    // The places of one zone, in a new order.
    const places = (await view()).lugares.filter((l) => l.zona_id === 2).map((l) => l.id);
    const moved = [places[1]!, places[0]!, ...places.slice(2)];
    const ok = await admin.call(contract.reorderMasterList, {
      body: { organizacion: HEAD_OFFICE, lista: 'lugares', ids: moved },
    });
    expect(ok.statusCode).toBe(200);
    expect((await portal()).zonas.find((z) => z.id === 2)!.agencias.map((a) => a.id)).toEqual(
      moved,
    );
  });

  it('retires: no longer offered nor accepted, while an existing case keeps showing it; and brings it back', async () => {
    // A case filed at place 1132 of zone 13, with type 2 and relation 1.
    const filed = await fileAndLogin(
      t.app,
      denuncia({ tipo_delito_id: 2, agencia_id: 1132, relacion_organizacion_id: 1 }),
    );
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      filed.ticket,
    ]);
    const before = (await admin.call(contract.viewCase, { params: { id: row!.id } })).json();

    for (const [id, lista] of [
      [1132, 'lugares'],
      [2, 'tipos'],
      [1, 'relaciones'],
    ] as const) {
      const res = await setActive(id, lista, false);
      expect(res.statusCode).toBe(200);
      expect(
        ((res.json() as MasterDataAdminWire)[lista] as { id: number; activo: boolean }[]).find(
          (i) => i.id === id,
        )!.activo,
      ).toBe(false);
    }
    const entry = await lastAudit('datos_maestros.retirado');
    expect(entry.accion_nombre).toBe('Dato maestro retirado');
    expect(entry.resumen).toContain('Relación con la organización de');

    const offered = await portal();
    expect(offered.zonas.find((z) => z.id === 13)!.agencias.some((a) => a.id === 1132)).toBe(false);
    expect(offered.delitos.flatMap((c) => c.delito_tipos).some((x) => x.id === 2)).toBe(false);
    expect(offered.relaciones.some((o) => o.id === 1)).toBe(false);

    // A new complaint cannot choose them.
    const atPlace = await file(t.app, denuncia({ agencia_id: 1132, relacion_organizacion_id: 2 }));
    expect(atPlace.statusCode).toBe(400);
    const ofType = await file(t.app, denuncia({ tipo_delito_id: 2, relacion_organizacion_id: 2 }));
    expect(ofType.statusCode).toBe(400);
    const ofRelation = await file(t.app, denuncia({ relacion_organizacion_id: 1 }));
    expect(ofRelation.statusCode).toBe(400);

    // The case still shows what it was filed with, to staff and to the complainant.
    const after = (await admin.call(contract.viewCase, { params: { id: row!.id } })).json();
    expect(after.caso.tipo).toBe(before.caso.tipo);
    expect(after.denuncia.lugar).toBe(before.denuncia.lugar);
    expect(after.denuncia.relacion_organizacion).toBe(before.denuncia.relacion_organizacion);
    expect(after.denuncia.lugar).toBeTruthy();
    const detail = await callApi(t.app, contract.complaintDetail, {
      headers: filed.auth,
      params: { id: filed.ticket },
    } as never);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().subtipo_denuncia).toBe(before.caso.tipo);

    // Nor can a case be reclassified to the retired type.
    const reclassified = await admin.call(contract.reclassifyCase, {
      params: { id: row!.id },
      body: { tipo_id: 2, motivo: 'Prueba de un tipo retirado.' },
    });
    expect(reclassified.statusCode).toBe(400);
    expect(message(reclassified)).toBe(
      'El tipo de denuncia elegido está retirado: elija uno vigente.',
    );

    // Brought back: offered again.
    expect((await setActive(1, 'relaciones', true)).statusCode).toBe(200);
    expect((await lastAudit('datos_maestros.reactivado')).accion_nombre).toBe(
      'Dato maestro reactivado',
    );
    expect((await portal()).relaciones.some((o) => o.id === 1)).toBe(true);

    // A duplicate of a retired element says so.
    const twin = await add({ lista: 'lugares', nombre: 'Agencia Santiago Centro', zona_id: 13 });
    expect(twin.statusCode).toBe(409);
    expect(message(twin)).toBe(R.takenRetired('Agencia Santiago Centro'));
  });

  it('keeps one active element in the lists a complaint must answer', async () => {
    const reconoce = (await view()).reconoce;
    for (const o of reconoce.slice(1))
      expect((await setActive(o.id, 'reconoce', false)).statusCode).toBe(200);
    const last = await setActive(reconoce[0]!.id, 'reconoce', false);
    expect(last.statusCode).toBe(409);
    expect(message(last)).toBe('Debe quedar al menos un elemento activo en la lista.');
    for (const o of reconoce.slice(1))
      expect((await setActive(o.id, 'reconoce', true)).statusCode).toBe(200);
  });

  it('protects the Law 21.643 types: description and group editable, never renamed, moved or retired; their category closed', async () => {
    const v = await view();
    const harassment = v.tipos.find((x) => x.id === 27)!;
    const legalCategory = harassment.categoria_id;
    const otherCategory = v.categorias.find((c) => !c.legal)!.id;
    const base = {
      lista: 'tipos' as const,
      nombre: harassment.nombre,
      categoria_id: legalCategory,
      descripcion: 'Requerimientos de carácter sexual, no consentidos, que amenazan el empleo.',
      grupo: null,
    };
    const edited = await update(27, base);
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as MasterDataAdminWire).tipos.find((x) => x.id === 27)!.descripcion).toBe(
      base.descripcion,
    );

    const renamed = await update(27, { ...base, nombre: 'Acoso' });
    expect(renamed.statusCode).toBe(409);
    expect(message(renamed)).toBe(R.legalTypeName);
    const moved = await update(27, { ...base, categoria_id: otherCategory });
    expect(moved.statusCode).toBe(409);
    expect(message(moved)).toBe(R.legalTypeMove);
    const retired = await setActive(27, 'tipos', false);
    expect(retired.statusCode).toBe(409);
    expect(message(retired)).toBe(R.legalTypeRetire);
    const categoryRetired = await setActive(legalCategory, 'categorias', false);
    expect(categoryRetired.statusCode).toBe(409);
    expect(message(categoryRetired)).toBe(R.legalCategoryRetire);
    const intoLegal = await add({
      lista: 'tipos',
      nombre: 'Otra conducta',
      descripcion: 'Una conducta que no es de la ley.',
      categoria_id: legalCategory,
    });
    expect(intoLegal.statusCode).toBe(409);
    expect(message(intoLegal)).toBe(R.legalCategoryClosed);

    // Still legal: a type-27 complaint cannot be anonymous and gets the legal clock.
    const offered = (await portal()).delitos.flatMap((c) => c.delito_tipos).map((x) => x.id);
    expect(offered).toEqual(expect.arrayContaining([26, 27, 28]));
  });

  it('adds a type to a category with a fresh id, outside the legal ids', async () => {
    const category = (await view()).categorias.find((c) => !c.legal)!.id;
    const res = await add({
      lista: 'tipos',
      nombre: 'Uso indebido de vehículos',
      descripcion: 'Usar vehículos de la organización para fines personales.',
      categoria_id: category,
      grupo: 'Bienes de la organización',
    });
    expect(res.statusCode).toBe(201);
    const type = (res.json() as MasterDataAdminWire).tipos.find(
      (x) => x.nombre === 'Uso indebido de vehículos',
    )!;
    expect(type.id).toBeGreaterThan(28);
    expect(type.legal).toBe(false);
    const anonymousOfNewType = await file(
      t.app,
      denuncia({ es_anonima: true, tipo_delito_id: type.id, denunciante: undefined }),
    );
    expect(anonymousOfNewType.statusCode).toBe(201);
  });

  it('queues edits made at once: the same name twice gives one element and one 409', async () => {
    const body = { lista: 'zonas' as const, nombre: 'Zona simultánea' };
    const answers = await Promise.all([add(body), add(body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await view()).zonas.filter((z) => z.nombre === 'Zona simultánea')).toHaveLength(1);
  });

  it('shows an edit made on one instance in the other instance’s answers', async () => {
    const second = await buildSecondInstance(t);
    const onPostgres = t.db.kind === 'postgres';
    const zoneNames = async () =>
      (
        (
          await callApi(second.app, contract.zones, { headers: headers(HEAD_OFFICE) } as never)
        ).json() as { nombre: string }[]
      ).map((z) => z.nombre);
    try {
      // On PostgreSQL, the second instance follows the edits' notifications (decision 0025).
      if (onPostgres)
        await vi.waitFor(() => expect(second.services.catalogue.following).toBe(true));
      const etagBefore = (
        await callApi(second.app, contract.zones, { headers: headers(HEAD_OFFICE) } as never)
      ).headers.etag;
      const res = await add({ lista: 'zonas', nombre: 'Zona Austral Insular' });
      expect(res.statusCode).toBe(201);
      // The back office of the other instance checks the version: the very next answer.
      const staffView = await callApi(second.app, contract.getMasterData, {
        headers: { cookie: admin.cookie },
        querystring: { organizacion: HEAD_OFFICE },
      } as never);
      expect(staffView.statusCode).toBe(200);
      expect(
        (staffView.json() as MasterDataAdminWire).zonas.some(
          (z) => z.nombre === 'Zona Austral Insular',
        ),
      ).toBe(true);
      // The portal: at once on PGlite (one process), when the notification arrives on
      // PostgreSQL — without a request asking (no version read while following).
      if (onPostgres)
        await vi.waitFor(() =>
          expect(second.services.catalogue.loadedVersion).toBe(t.services.catalogue.loadedVersion),
        );
      const answer = await callApi(second.app, contract.zones, {
        headers: headers(HEAD_OFFICE, { 'if-none-match': String(etagBefore) }),
      } as never);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.etag).not.toBe(etagBefore);
      expect(
        (answer.json() as { nombre: string }[]).some((z) => z.nombre === 'Zona Austral Insular'),
      ).toBe(true);
      expect(second.services.catalogue.loadedVersion).toBe(t.services.catalogue.loadedVersion);

      if (!onPostgres) return;
      // The LISTEN connection drops: the portal checks the version on every request meanwhile, so
      // an edit shows at the very next answer; the connection comes back and follows again.
      const pid = second.services.catalogue.listenerPid;
      expect(pid).not.toBeNull();
      await t.db.query('SELECT pg_terminate_backend($1)', [pid]);
      await vi.waitFor(() => expect(second.services.catalogue.following).toBe(false));
      expect((await add({ lista: 'zonas', nombre: 'Zona Sin Aviso' })).statusCode).toBe(201);
      expect(await zoneNames()).toContain('Zona Sin Aviso');
      await vi.waitFor(() => expect(second.services.catalogue.following).toBe(true), {
        timeout: 10_000,
      });
      expect(second.services.catalogue.listenerPid).not.toBe(pid);
      expect((await add({ lista: 'zonas', nombre: 'Zona Tras Reconexión' })).statusCode).toBe(201);
      await vi.waitFor(() =>
        expect(second.services.catalogue.loadedVersion).toBe(t.services.catalogue.loadedVersion),
      );
      expect(await zoneNames()).toContain('Zona Tras Reconexión');
    } finally {
      await second.close();
    }
  });
});
