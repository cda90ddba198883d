// The signed-in person's saved views of the inbox: a name, and the address's filters and order.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type RequestOf, type SavedViewWire } from '@canal/shared/contract';
import { staffKeys } from '../keys';
import { useStaffApi } from '../StaffApiProvider';

export const toSavedView = (wire: SavedViewWire) => ({
  id: wire.id,
  name: wire.nombre,
  /** The filters and order as the address's search params. */
  params: Object.fromEntries(
    Object.entries(wire.filtros)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ) as Record<string, string>,
});
export type SavedView = ReturnType<typeof toSavedView>;

type NewSavedViewWire = RequestOf<typeof contract.saveView>['body'];

/** A view to save: its name and the address's search params (the server checks them). */
export const toWireSavedView = (v: { name: string; params: Record<string, string> }) => ({
  nombre: v.name,
  filtros: v.params as NewSavedViewWire['filtros'],
});

export function useSavedViews() {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.savedViews(),
    queryFn: async () => (await api(contract.listSavedViews, {})).map(toSavedView),
  });
}

export function useSavedViewActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.savedViews() });
  return {
    save: useMutation({
      mutationFn: async (v: Parameters<typeof toWireSavedView>[0]) =>
        toSavedView(await api(contract.saveView, { body: toWireSavedView(v) })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(contract.deleteSavedView, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
