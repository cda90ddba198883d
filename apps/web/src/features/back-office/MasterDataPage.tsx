import { useEffect, useRef, useState } from 'react';
import { MASTER_LISTS, MASTER_LIST_LABELS, ORGANIZATIONS, type MasterList } from '@canal/shared';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/form/fields';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import {
  type MasterData,
  type MasterItem,
  type MasterPlace,
  type MasterType,
  useMasterData,
  useMasterDataActions,
} from './api/master-data';
import { ConfirmDialog } from './components/ConfirmDialog';
import { FormAlert } from './components/FormAlert';
import { useEditDialog } from './components/FormDialog';
import { StaffTable } from './components/StaffTable';
import { isAdministrator, useStaffUser } from './components/StaffUserContext';
import { isLegal, ItemDialog } from './MasterItemDialog';

/** The elements of a list, in order, as the page shows them. */
function itemsOf(data: MasterData, list: MasterList): MasterItem[] {
  switch (list) {
    case 'zonas':
      return data.zones;
    case 'lugares':
      return data.places;
    case 'categorias':
      return data.categories;
    case 'tipos':
      return data.types;
    case 'relaciones':
      return data.relations;
    case 'reconoce':
      return data.recognitions;
  }
}

/** The zone of a place or the category of a type: the group it is ordered in. */
const parentOf = (list: MasterList, item: MasterItem): number | null =>
  list === 'lugares'
    ? (item as MasterPlace).zoneId
    : list === 'tipos'
      ? (item as MasterType).categoryId
      : null;

/** Places by zone and types by category, each group in its own order (as the portal shows them). */
function grouped(data: MasterData, list: MasterList): MasterItem[] {
  const items = itemsOf(data, list);
  if (list === 'lugares')
    return data.zones.flatMap((z) => items.filter((i) => parentOf(list, i) === z.id));
  if (list === 'tipos')
    return data.categories.flatMap((c) => items.filter((i) => parentOf(list, i) === c.id));
  return items;
}

/**
 * /gestion/datos-maestros (administrators): the lists the portal offers, per organisation — zones,
 * places, categories, types and option lists. Elements are added, changed, reordered and retired
 * (never deleted: cases keep showing what they were filed with); every change is audited.
 */
export function MasterDataPage() {
  const me = useStaffUser();
  const allowed = isAdministrator(me);
  const [organizationId, setOrganizationId] = useState<string>(ORGANIZATIONS[0]!.id);
  const [list, setList] = useState<MasterList>('zonas');
  const data = useMasterData(organizationId, allowed);
  const { setActive, reorder } = useMasterDataActions(organizationId);
  const { editing, open, close, saved, notice, setNotice } = useEditDialog<MasterItem>();
  // A moved row is re-inserted in the table, which drops the focus: give it back to its button
  // (or to the other one when the row reached an end).
  const moved = useRef<{ id: number; step: -1 | 1 } | null>(null);
  const busy = setActive.isPending || reorder.isPending;
  // Retiring asks first (issue 22); reactivating does not (it takes nothing away).
  const [retiring, setRetiring] = useState<MasterItem | null>(null);
  useEffect(() => {
    const last = moved.current;
    if (!last || busy) return;
    moved.current = null;
    const button = (step: number) =>
      document.getElementById(`mover-${last.id}-${step < 0 ? 'subir' : 'bajar'}`);
    const target = button(last.step);
    (target && !(target as HTMLButtonElement).disabled ? target : button(-last.step))?.focus();
  }, [busy, data.data]);
  if (!allowed) return <FormAlert>No tiene permiso para ver esta página.</FormAlert>;

  const rows = data.data ? grouped(data.data, list) : [];
  // A failed retirement is said in its dialog.
  const failure = data.error ?? (retiring ? null : setActive.error) ?? reorder.error;
  const zoneName = (id: number) => data.data?.zones.find((z) => z.id === id)?.name ?? `N° ${id}`;
  const categoryName = (id: number) =>
    data.data?.categories.find((c) => c.id === id)?.name ?? `N° ${id}`;

  /** Moves `item` one place up (-1) or down (+1) within its group, and sends the group's order. */
  const move = (item: MasterItem, step: -1 | 1) => {
    const group = rows.filter((r) => parentOf(list, r) === parentOf(list, item));
    const at = group.findIndex((r) => r.id === item.id);
    const other = group[at + step];
    if (!other) return;
    const ids = group.map((r) => r.id);
    ids[at] = other.id;
    ids[at + step] = item.id;
    setNotice(null);
    reorder.mutate(
      { list, ids },
      {
        onSuccess: () => {
          setNotice(`«${item.name}» ${step < 0 ? 'subió' : 'bajó'} en la lista.`);
          moved.current = { id: item.id, step };
        },
      },
    );
  };

  const toggle = (item: MasterItem) => {
    setNotice(null);
    setActive.mutate(
      { id: item.id, list, active: !item.active },
      {
        onSuccess: () => {
          setRetiring(null);
          setNotice(
            item.active
              ? `«${item.name}» quedó retirado: el portal ya no lo ofrece.`
              : `«${item.name}» se ofrece de nuevo.`,
          );
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-secondary">Datos maestros</h1>
        <Button onClick={() => open(null)} disabled={!data.data}>
          Agregar elemento
        </Button>
      </div>
      <p className="max-w-3xl text-gray-700">
        Las listas que el portal ofrece a quien denuncia, por organización. Un elemento retirado
        deja de ofrecerse, pero los casos que ya lo tienen lo siguen mostrando. Los tipos de
        denuncia de la Ley N° 21.643 (acoso laboral, acoso sexual y violencia en el trabajo)
        conservan su nombre y su categoría y no se pueden retirar. Cada cambio queda en el registro
        de auditoría.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Organización"
          value={organizationId}
          onChange={(e) => {
            setOrganizationId(e.target.value);
            setNotice(null);
          }}
        >
          {ORGANIZATIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.shortName}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Lista"
          value={list}
          onChange={(e) => {
            setList(e.target.value as MasterList);
            setNotice(null);
          }}
        >
          {MASTER_LISTS.map((l) => (
            <option key={l} value={l}>
              {MASTER_LIST_LABELS[l]}
            </option>
          ))}
        </SelectField>
      </div>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
      {data.isPending && <LoadingView />}
      {data.data && rows.length === 0 && <p className="text-gray-700">La lista está vacía.</p>}
      {data.data && rows.length > 0 && (
        <StaffTable
          caption={`${MASTER_LIST_LABELS[list]} de ${ORGANIZATIONS.find((o) => o.id === organizationId)?.shortName ?? ''}`}
          minWidth={list === 'tipos' ? 'min-w-[60rem]' : 'min-w-[40rem]'}
          columns={[
            'Nombre',
            list === 'lugares' && 'Zona',
            list === 'tipos' && 'Categoría',
            list === 'tipos' && 'Descripción',
            list === 'tipos' && 'Grupo',
            'Estado',
            'Orden',
            'Acciones',
          ]}
        >
          {rows.map((item) => {
            const group = rows.filter((r) => parentOf(list, r) === parentOf(list, item));
            const at = group.findIndex((r) => r.id === item.id);
            const legal = isLegal(item);
            return (
              <tr key={item.id} className="border-t border-gray-200 align-top">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {item.name}
                  {legal && (
                    <span className="block text-xs font-normal text-gray-700">Ley N° 21.643</span>
                  )}
                </th>
                {list === 'lugares' && (
                  <td className="px-3 py-2">{zoneName((item as MasterPlace).zoneId)}</td>
                )}
                {list === 'tipos' && (
                  <>
                    <td className="px-3 py-2">{categoryName((item as MasterType).categoryId)}</td>
                    <td className="max-w-md px-3 py-2">{(item as MasterType).description}</td>
                    <td className="px-3 py-2">{(item as MasterType).group ?? '—'}</td>
                  </>
                )}
                <td className="px-3 py-2">{item.active ? 'Activo' : 'Retirado'}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      id={`mover-${item.id}-subir`}
                      disabled={busy || at === 0}
                      aria-label={`Subir «${item.name}»`}
                      onClick={() => move(item, -1)}
                    >
                      Subir
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      id={`mover-${item.id}-bajar`}
                      disabled={busy || at === group.length - 1}
                      aria-label={`Bajar «${item.name}»`}
                      onClick={() => move(item, 1)}
                    >
                      Bajar
                    </Button>
                  </div>
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      aria-label={`Modificar «${item.name}»`}
                      onClick={() => open(item)}
                    >
                      Modificar
                    </Button>
                    {legal && item.active ? (
                      <span className="inline-flex min-h-9 items-center px-2 text-gray-700">
                        No se retira (ley)
                      </span>
                    ) : (
                      <Button
                        variant="ghost"
                        className="min-h-9 px-2"
                        disabled={busy}
                        aria-label={`${item.active ? 'Retirar' : 'Reactivar'} «${item.name}»`}
                        onClick={() => {
                          if (!item.active) return toggle(item);
                          setActive.reset();
                          setRetiring(item);
                        }}
                      >
                        {item.active ? 'Retirar' : 'Reactivar'}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </StaffTable>
      )}
      {retiring && (
        <ConfirmDialog
          title={`¿Retirar «${retiring.name}»?`}
          label="Retirar"
          busy={setActive.isPending}
          error={setActive.error ? errorMessage(setActive.error) : null}
          onCancel={() => setRetiring(null)}
          onConfirm={() => toggle(retiring)}
        >
          <p>
            El portal y el registro de denuncias del personal dejan de ofrecerlo. Las denuncias que
            ya lo nombran lo conservan, y puede reactivarlo cuando quiera.
          </p>
        </ConfirmDialog>
      )}
      {editing && data.data && (
        <ItemDialog
          data={data.data}
          list={list}
          item={editing.item}
          onClose={close}
          onSaved={saved}
        />
      )}
    </div>
  );
}
