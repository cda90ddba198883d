import { savedViewFiltersSchema, type SavedViewWire } from '@canal/shared/contract';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import type { StaffUser } from '../staff/roles';
import { savedViewsStore } from './saved-views-store';

type Filters = SavedViewWire['filtros'];

/**
 * A person's saved views of the inbox. Each one is theirs alone (another's id answers 404), and
 * holds only filters and order (the contract refuses the search text, which may be a RUT).
 */
export async function listSavedViews(services: Services, user: StaffUser) {
  const rows = await savedViewsStore.list(services.db, user.id);
  return rows.flatMap((r) => {
    // Stored through the same schema; a view an older version saved that no longer parses is left out.
    const filters = savedViewFiltersSchema.safeParse(r.filters);
    return filters.success ? [{ id: r.id, nombre: r.name, filtros: filters.data }] : [];
  });
}

export async function saveView(
  services: Services,
  user: StaffUser,
  view: { nombre: string; filtros: Filters },
) {
  const id = await savedViewsStore.save(services.db, user.id, view.nombre, view.filtros);
  return { id, nombre: view.nombre, filtros: view.filtros };
}

export async function deleteSavedView(services: Services, user: StaffUser, id: number) {
  if (!(await savedViewsStore.delete(services.db, user.id, id)))
    throw new AppError('VIEW_NOT_FOUND');
}
