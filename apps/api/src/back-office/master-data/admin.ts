import {
  organizationById,
  type MasterActiveInput,
  type MasterItemInput,
  type MasterList,
  type MasterOrderInput,
  type Organization,
} from '@canal/shared';
import type { MasterDataAdminWire } from '@canal/shared/contract';
import type { Canonical } from '@canal/shared/proof';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit, type AuditEntryInput } from '../../core/audit/audit-log';
import { readAdminView } from '../../core/master-data/catalogue';
import {
  masterDataRepository as repo,
  type MasterRowChange,
} from '../../core/master-data/repository';

/**
 * Master-data administration (DESIGN §8, decision 0020): administrators add, change, reorder,
 * retire and bring back the elements of each organisation's lists. Nothing is deleted: complaints
 * keep pointing at what they were filed with. The Law 21.643 types keep their id, name and
 * category and cannot be retired; their category receives no other type and cannot be retired.
 */

export const MASTER_DATA_RULES = {
  zoneElsewhere: 'La zona elegida no pertenece a esa organización.',
  zoneRetired: 'La zona elegida está retirada: vuelva a activarla antes de asignarle lugares.',
  categoryElsewhere: 'La categoría elegida no pertenece a esa organización.',
  categoryRetired:
    'La categoría elegida está retirada: vuelva a activarla antes de asignarle tipos de denuncia.',
  legalCategoryClosed:
    'La categoría de la Ley N° 21.643 contiene solo los tres tipos de esa ley: elija otra categoría.',
  legalTypeName:
    'El nombre de un tipo de denuncia de la Ley N° 21.643 no se puede cambiar: puede cambiar su descripción y su grupo.',
  legalTypeMove:
    'Un tipo de denuncia de la Ley N° 21.643 no se puede mover a otra categoría: sus plazos y reglas legales dependen de él.',
  legalTypeRetire:
    'Un tipo de denuncia de la Ley N° 21.643 no se puede retirar: la ley obliga a recibir esas denuncias.',
  legalCategoryRetire:
    'La categoría de la Ley N° 21.643 no se puede retirar: la ley obliga a recibir esas denuncias.',
  order:
    'El nuevo orden debe incluir una vez cada elemento de la lista (los lugares de una zona, los tipos de una categoría).',
  taken: (name: string) => `Ya existe «${name}» en esta lista.`,
  takenRetired: (name: string) =>
    `Ya existe «${name}» en esta lista, retirado: vuelva a activarlo en lugar de agregarlo otra vez.`,
} as const;
const R = MASTER_DATA_RULES;

type Item = MasterDataAdminWire[MasterList][number];
/** What an edit writes in the audit log, or null when it changed nothing. */
type Audited = Omit<AuditEntryInput, 'actorId'> | null;

/** Names compare without case, accents or repeated spaces: «Agencia Ñuñoa» = «agencia nunoa». */
const sameName = (a: string, b: string) => {
  const key = (s: string) =>
    s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return key(a) === key(b);
};

/** The parent that groups an element (a place's zone, a type's category), or none. */
const parentOf = (list: MasterList, item: Item): number | null =>
  list === 'lugares'
    ? (item as MasterDataAdminWire['lugares'][number]).zona_id
    : list === 'tipos'
      ? (item as MasterDataAdminWire['tipos'][number]).categoria_id
      : null;

const parentKey = (list: MasterList) =>
  list === 'lugares' ? 'zona_id' : list === 'tipos' ? 'categoria_id' : null;

/** A Law 21.643 type or the category that holds them (the other lists have no legal elements). */
const isLegal = (item: Item) => 'legal' in item && item.legal;

/** Refuses a name already in the same list and group (another element than `self`, if editing). */
function refuseDuplicate(
  view: MasterDataAdminWire,
  list: MasterList,
  change: MasterRowChange,
  self: number | null,
) {
  const parent = change.zoneId ?? change.categoryId ?? null;
  const twin = (view[list] as Item[]).find(
    (i) => i.id !== self && parentOf(list, i) === parent && sameName(i.nombre, change.name),
  );
  if (twin)
    throw new AppError(
      'MASTER_NAME_TAKEN',
      twin.activo ? R.taken(twin.nombre) : R.takenRetired(twin.nombre),
    );
}

/** Checks the zone of a place or the category of a type, when it is set or changed. */
function checkParent(view: MasterDataAdminWire, input: MasterItemInput) {
  if (input.lista === 'lugares') {
    const zone = view.zonas.find((z) => z.id === input.zona_id);
    if (!zone) throw new AppError('VALIDATION', R.zoneElsewhere);
    if (!zone.activo) throw new AppError('VALIDATION', R.zoneRetired);
  }
  if (input.lista === 'tipos') {
    const category = view.categorias.find((c) => c.id === input.categoria_id);
    if (!category) throw new AppError('VALIDATION', R.categoryElsewhere);
    if (!category.activo) throw new AppError('VALIDATION', R.categoryRetired);
    if (category.legal) throw new AppError('MASTER_LEGAL_TYPE', R.legalCategoryClosed);
  }
}

const changeOf = (input: MasterItemInput): MasterRowChange => ({
  name: input.nombre,
  ...(input.lista === 'lugares' ? { zoneId: input.zona_id! } : {}),
  ...(input.lista === 'tipos'
    ? {
        categoryId: input.categoria_id!,
        description: input.descripcion ?? '',
        group: input.grupo ?? null,
      }
    : {}),
});

/** The fields of an element that an edit may change, as the audit log records them. */
function auditFields(
  list: MasterList,
  item: Item | MasterRowChange,
): Record<string, Canonical | undefined> {
  if ('id' in item) {
    const fields: Record<string, Canonical | undefined> = { nombre: item.nombre };
    const parent = parentKey(list);
    if (parent) fields[parent] = parentOf(list, item);
    if (list === 'tipos') {
      const t = item as MasterDataAdminWire['tipos'][number];
      fields.descripcion = t.descripcion;
      fields.grupo = t.grupo;
    }
    return fields;
  }
  const fields: Record<string, Canonical | undefined> = { nombre: item.name };
  if (list === 'lugares') fields.zona_id = item.zoneId;
  if (list === 'tipos') {
    fields.categoria_id = item.categoryId;
    fields.descripcion = item.description;
    fields.grupo = item.group;
  }
  return fields;
}

/**
 * One edit: in a transaction that first bumps the master data's version (which also queues edits
 * one after another), checks against the lists as they are now, writes, audits; then this
 * instance reloads at once (the others on their next request) and answers the new lists.
 */
async function edit(
  services: Services,
  actorId: number,
  org: Organization,
  work: (tx: Db, view: MasterDataAdminWire) => Promise<Audited>,
): Promise<MasterDataAdminWire> {
  await services.db.transaction(async (tx) => {
    await repo.bumpVersion(tx);
    const entry = await work(tx, await readAdminView(tx, org));
    if (entry) await appendAudit(services, tx, { actorId, ...entry });
  });
  await services.catalogue.edited(services.db);
  return services.catalogue.adminView(org);
}

/** An edit of one existing element: `edit`, given the element as the lists hold it now (or 404). */
function editItem(
  services: Services,
  actorId: number,
  id: number,
  input: { organizacion: string; lista: MasterList },
  work: (tx: Db, view: MasterDataAdminWire, item: Item, org: Organization) => Promise<Audited>,
) {
  const org = organizationById(input.organizacion);
  return edit(services, actorId, org, async (tx, view) => {
    const item = (view[input.lista] as Item[]).find((i) => i.id === id);
    if (!item) throw new AppError('MASTER_ITEM_NOT_FOUND');
    return work(tx, view, item, org);
  });
}

export function masterDataView(services: Services, organizationId: string) {
  return services.catalogue.adminView(organizationById(organizationId));
}

export function addMasterItem(services: Services, actorId: number, input: MasterItemInput) {
  const org = organizationById(input.organizacion);
  return edit(services, actorId, org, async (tx, view) => {
    checkParent(view, input);
    const change = changeOf(input);
    refuseDuplicate(view, input.lista, change, null);
    const id = await repo.insert(tx, input.lista, org.id, change);
    return {
      action: 'datos_maestros.agregado',
      detail: {
        organizacion: org.id,
        lista: input.lista,
        elemento_id: id,
        ...auditFields(input.lista, change),
      },
    };
  });
}

export function updateMasterItem(
  services: Services,
  actorId: number,
  id: number,
  input: MasterItemInput,
) {
  return editItem(services, actorId, id, input, async (tx, view, item, org) => {
    const change = changeOf(input);
    if (input.lista === 'tipos' && isLegal(item)) {
      if (input.nombre !== item.nombre) throw new AppError('MASTER_LEGAL_TYPE', R.legalTypeName);
      if (input.categoria_id !== parentOf('tipos', item))
        throw new AppError('MASTER_LEGAL_TYPE', R.legalTypeMove);
    } else if (input.lista === 'lugares' || input.lista === 'tipos') {
      if ((input.zona_id ?? input.categoria_id) !== parentOf(input.lista, item))
        checkParent(view, input);
    }
    refuseDuplicate(view, input.lista, change, id);
    const before = auditFields(input.lista, item);
    const after = auditFields(input.lista, change);
    const changed = Object.keys(after).filter((k) => before[k] !== after[k]);
    if (changed.length === 0) return null;
    if (!(await repo.update(tx, input.lista, org.id, id, change)))
      throw new AppError('MASTER_ITEM_NOT_FOUND');
    return {
      action: 'datos_maestros.modificado',
      detail: {
        organizacion: org.id,
        lista: input.lista,
        elemento_id: id,
        antes: Object.fromEntries(changed.map((k) => [k, before[k]])),
        despues: Object.fromEntries(changed.map((k) => [k, after[k]])),
      },
    };
  });
}

export function setMasterItemActive(
  services: Services,
  actorId: number,
  id: number,
  input: MasterActiveInput,
) {
  return editItem(services, actorId, id, input, async (tx, view, item, org) => {
    if (item.activo === input.activo) return null;
    if (!input.activo) {
      if (isLegal(item))
        throw new AppError(
          'MASTER_LEGAL_TYPE',
          input.lista === 'tipos' ? R.legalTypeRetire : R.legalCategoryRetire,
        );
      // The portal's form needs one choice in each list a complaint must answer.
      const activeLeft = (view[input.lista] as Item[]).filter((i) => i.activo && i.id !== id);
      if (parentKey(input.lista) === null && activeLeft.length === 0)
        throw new AppError('MASTER_LAST_ACTIVE');
    }
    await repo.setActive(tx, input.lista, org.id, id, input.activo);
    return {
      action: input.activo ? 'datos_maestros.reactivado' : 'datos_maestros.retirado',
      detail: { organizacion: org.id, lista: input.lista, elemento_id: id, nombre: item.nombre },
    };
  });
}

export function reorderMasterList(services: Services, actorId: number, input: MasterOrderInput) {
  const org = organizationById(input.organizacion);
  return edit(services, actorId, org, async (tx, view) => {
    const items = view[input.lista] as Item[];
    const chosen = input.ids.map((id) => items.find((i) => i.id === id));
    const first = chosen[0];
    const parent = first ? parentOf(input.lista, first) : null;
    const group = items.filter((i) => parentOf(input.lista, i) === parent);
    const valid =
      chosen.every((i) => i !== undefined) &&
      new Set(input.ids).size === input.ids.length &&
      input.ids.length === group.length &&
      chosen.every((i) => parentOf(input.lista, i!) === parent);
    if (!valid) throw new AppError('VALIDATION', R.order);
    await repo.setOrder(tx, input.lista, org.id, input.ids);
    const key = parentKey(input.lista);
    return {
      action: 'datos_maestros.ordenado',
      detail: {
        organizacion: org.id,
        lista: input.lista,
        ...(key ? { [key]: parent } : {}),
        orden: chosen.map((i) => i!.nombre),
      },
    };
  });
}
