// Master data of each organisation (administrators): every change answers the new lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MasterActiveInput, MasterItemInput, MasterList } from '@canal/shared';
import { contract, type MasterDataAdminWire } from '@canal/shared/contract';
import { staffKeys } from './keys';
import { bodyNames } from './names';
import { useStaffApi } from './StaffApiProvider';

const toMasterItem = (i: { id: number; nombre: string; activo: boolean }) => ({
  id: i.id,
  name: i.nombre,
  /** false: retired (no longer offered; cases keep showing it). */
  active: i.activo,
});
export type MasterItem = ReturnType<typeof toMasterItem>;

export const toMasterData = (wire: MasterDataAdminWire) => ({
  organizationId: wire.organizacion,
  zones: wire.zonas.map(toMasterItem),
  places: wire.lugares.map((p) => ({ ...toMasterItem(p), zoneId: p.zona_id })),
  /** `legal`: holds the Law 21.643 types. */
  categories: wire.categorias.map((c) => ({ ...toMasterItem(c), legal: c.legal })),
  types: wire.tipos.map((t) => ({
    ...toMasterItem(t),
    categoryId: t.categoria_id,
    description: t.descripcion,
    group: t.grupo,
    /** A Law 21.643 type: only its description and group may change. */
    legal: t.legal,
  })),
  relations: wire.relaciones.map(toMasterItem),
  recognitions: wire.reconoce.map(toMasterItem),
});
export type MasterData = ReturnType<typeof toMasterData>;
export type MasterPlace = MasterData['places'][number];
export type MasterCategory = MasterData['categories'][number];
export type MasterType = MasterData['types'][number];

/** An element as its form holds it and the body it becomes. */
export const masterItemNames = bodyNames<MasterItemInput>()({
  organizationId: 'organizacion',
  list: 'lista',
  name: 'nombre',
  description: 'descripcion',
  group: 'grupo',
  zoneId: 'zona_id',
  categoryId: 'categoria_id',
});
export type MasterItemValues = Parameters<typeof masterItemNames.toWire>[0];

/** One organisation's master data, retired elements included. */
export function useMasterData(organizationId: string, enabled = true) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.masterData(organizationId),
    queryFn: async () =>
      toMasterData(
        await api(contract.getMasterData, { querystring: { organizacion: organizationId } }),
      ),
    enabled: enabled && organizationId !== '',
  });
}

/** Add, change, retire or bring back, reorder: each answers the organisation's new lists. */
export function useMasterDataActions(organizationId: string) {
  const api = useStaffApi();
  const client = useQueryClient();
  const store = (wire: MasterDataAdminWire) => {
    client.setQueryData(staffKeys.masterData(organizationId), toMasterData(wire));
    // The lists appear in other screens: alert rules, the inbox's filters, staff intake's form.
    void client.invalidateQueries({ queryKey: staffKeys.alertRules() });
    void client.invalidateQueries({ queryKey: staffKeys.categories(organizationId) });
    void client.invalidateQueries({ queryKey: staffKeys.intakeLists(organizationId) });
  };
  const where = (list: MasterList) => ({ organizacion: organizationId, lista: list });
  return {
    save: useMutation({
      mutationFn: ({ id, item }: { id: number | null; item: MasterItemValues }) => {
        const body = masterItemNames.toWire(item);
        return id === null
          ? api(contract.createMasterItem, { body })
          : api(contract.updateMasterItem, { params: { id }, body });
      },
      onSuccess: store,
    }),
    setActive: useMutation({
      mutationFn: (v: { id: number; list: MasterList; active: boolean }) =>
        api(contract.setMasterItemActive, {
          params: { id: v.id },
          body: { ...where(v.list), activo: v.active } satisfies MasterActiveInput,
        }),
      onSuccess: store,
    }),
    reorder: useMutation({
      mutationFn: (v: { list: MasterList; ids: number[] }) =>
        api(contract.reorderMasterList, { body: { ...where(v.list), ids: v.ids } }),
      onSuccess: store,
    }),
  };
}
