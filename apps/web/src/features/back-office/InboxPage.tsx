import { useState, type FormEvent } from 'react';
import { StaffTable } from './components/StaffTable';
import { Link } from 'react-router';
import { useQueryParams } from './components/useQueryParams';
import {
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  CHANNEL_LABELS,
  COMPLAINT_STATUSES,
  DT_REFERRAL_MARK,
} from '@canal/shared';
import { INBOX_SORTS, type InboxSort } from '@canal/shared/contract';
import { paths } from '../../config/paths';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { TextField } from '../../components/form/TextField';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/client';
import { useCategories, useInbox, useSavedViewActions, useSavedViews, useUsers } from './api/hooks';
import type { InboxFilters, NewSavedView } from './api/client';
import { DayField, readDay } from './components/DayField';
import { caseDueState, DueMark } from './components/DueMark';
import { FormAlert } from './components/FormAlert';
import { UncoveredOrganizationsBanner } from './components/UncoveredOrganizationsBanner';
import { SelectField } from '../../components/form/fields';
import { dateTime } from './components/format';
import { Pager } from './components/Pager';
import { StatusBadge } from './components/StatusBadge';
import {
  canChangeCases,
  isAdministrator,
  organizationsOf,
  useStaffUser,
} from './components/StaffUserContext';

export const INBOX_PAGE_SIZE = 25;
/** The filters kept in the address (so a filtered inbox can be bookmarked and shared among staff). */
const FILTER_PARAMS = [
  'buscar',
  'organizacion',
  'estado',
  'prioridad',
  'etiqueta',
  'categoria',
  'desde',
  'hasta',
  'vencidos',
  'asignado',
] as const;

/** The inbox call for the address's search params. */
export function filtersFromParams(
  params: URLSearchParams,
): InboxFilters & { limite: number; desplazamiento: number } {
  const filters: InboxFilters = {};
  for (const name of FILTER_PARAMS) {
    const value = params.get(name);
    if (value) (filters as Record<string, string>)[name] = value;
  }
  if (filters.vencidos && filters.vencidos !== 'true') delete filters.vencidos;
  const sort = sortFromParams(params);
  if (sort.orden !== DEFAULT_SORT || sort.direccion !== 'asc') Object.assign(filters, sort);
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  return { ...filters, limite: INBOX_PAGE_SIZE, desplazamiento: (page - 1) * INBOX_PAGE_SIZE };
}

const DEFAULT_SORT: InboxSort = 'vencimiento';

/** The order in the address (`orden`, `direccion`); anything unknown is the default order. */
export function sortFromParams(params: URLSearchParams): {
  orden: InboxSort;
  direccion: 'asc' | 'desc';
} {
  const orden = params.get('orden');
  return {
    orden: INBOX_SORTS.find((s) => s === orden) ?? DEFAULT_SORT,
    direccion: params.get('direccion') === 'desc' ? 'desc' : 'asc',
  };
}

/** Keeps the address's order in `next` (filtering and clearing filters do not change it). */
function keepSort(from: URLSearchParams, next: URLSearchParams) {
  for (const name of ['orden', 'direccion']) {
    const value = from.get(name);
    if (value) next.set(name, value);
  }
  return next;
}

function Filters() {
  const user = useStaffUser();
  const [params, setParams] = useQueryParams();
  const organization = params.get('organizacion') ?? undefined;
  const categories = useCategories(organization);
  const users = useUsers(isAdministrator(user));
  const organizations = organizationsOf(user);

  const [dayErrors, setDayErrors] = useState<{ desde?: string; hasta?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const found: typeof dayErrors = {};
    for (const name of FILTER_PARAMS) {
      if (name === 'desde' || name === 'hasta') {
        // Typed dd-mm-aaaa whatever the browser's language; the address and the API take yyyy-mm-dd.
        const day = readDay(data, name);
        if ('error' in day) found[name] = day.error;
        else if (day.day) next.set(name, day.day);
        continue;
      }
      const value = data.get(name);
      if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
    }
    setDayErrors(found);
    if (!found.desde && !found.hasta) setParams(keepSort(params, next));
  };

  return (
    <form
      key={params.toString()}
      onSubmit={submit}
      aria-label="Filtros de la bandeja"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <TextField
        label="Buscar"
        type="search"
        name="buscar"
        maxLength={254}
        defaultValue={params.get('buscar') ?? ''}
        hint="N° de caso (completo o una parte), código de seguimiento, o RUT o correo de la persona denunciante (completos). Las denuncias anónimas no se encuentran por correo."
        className="mb-4"
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Organización"
          name="organizacion"
          defaultValue={params.get('organizacion') ?? ''}
        >
          <option value="">Todas</option>
          {organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.shortName}
            </option>
          ))}
        </SelectField>
        <SelectField label="Estado" name="estado" defaultValue={params.get('estado') ?? ''}>
          <option value="">Todos</option>
          {COMPLAINT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Prioridad"
          name="prioridad"
          defaultValue={params.get('prioridad') ?? ''}
        >
          <option value="">Todas</option>
          {CASE_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {CASE_PRIORITY_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Etiqueta"
          name="etiqueta"
          maxLength={40}
          defaultValue={params.get('etiqueta') ?? ''}
        />
        <SelectField
          label="Categoría"
          name="categoria"
          defaultValue={params.get('categoria') ?? ''}
          hint={
            organization
              ? undefined
              : 'Categorías de la casa matriz; elija una organización para ver las suyas.'
          }
        >
          <option value="">Todas</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <SelectField label="Asignación" name="asignado" defaultValue={params.get('asignado') ?? ''}>
          <option value="">Cualquiera</option>
          <option value="yo">Asignados a mí</option>
          <option value="ninguno">Sin asignar</option>
          {(users.data ?? [])
            .filter((u) => u.active && u.role !== 'auditor' && u.id !== user.id)
            .map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name}
              </option>
            ))}
        </SelectField>
        <DayField
          label="Ingresada desde"
          name="desde"
          defaultValue={params.get('desde') ?? undefined}
          error={dayErrors.desde}
        />
        <DayField
          label="Ingresada hasta"
          name="hasta"
          defaultValue={params.get('hasta') ?? undefined}
          error={dayErrors.hasta}
        />
        <Checkbox
          label="Solo casos con plazos vencidos"
          name="vencidos"
          value="true"
          defaultChecked={params.get('vencidos') === 'true'}
          className="self-end pb-3"
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit">Filtrar</Button>
        <Button
          variant="secondary"
          onClick={() => setParams(keepSort(params, new URLSearchParams()))}
        >
          Limpiar filtros
        </Button>
      </div>
    </form>
  );
}

/** The address's filters and order, without the search text or the page: what a view saves. */
const viewParams = (params: URLSearchParams) =>
  Object.fromEntries(
    [...params].filter(([name, value]) => value && name !== 'buscar' && name !== 'pagina'),
  );

/** The person's saved views: open one, save the current filters and order under a name, delete. */
function SavedViews() {
  const [params, setParams] = useQueryParams();
  const views = useSavedViews();
  const { save, remove } = useSavedViewActions();
  const [name, setName] = useState('');
  const failure = save.error ?? remove.error;
  return (
    <section
      aria-labelledby="vistas"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="vistas" className="mb-2 text-lg font-semibold">
        Vistas guardadas
      </h2>
      {views.data && views.data.length === 0 && (
        <p>Aún no tiene vistas guardadas: guarde los filtros y el orden que usa a menudo.</p>
      )}
      {views.data && views.data.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-3">
          {views.data.map((v) => (
            <li key={v.id} className="inline-flex items-center gap-1">
              <Button variant="secondary" onClick={() => setParams(v.params)}>
                {v.name}
              </Button>
              <Button
                variant="ghost"
                aria-label={`Borrar la vista ${v.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(v.id)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const filtros = viewParams(params) as NewSavedView['filtros'];
          save.mutate({ nombre: name, filtros }, { onSuccess: () => setName('') });
        }}
      >
        <TextField
          label="Nombre de la vista"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          className="min-w-56 flex-1"
          hint="Guarda los filtros y el orden actuales (no el texto buscado). Con un nombre que ya existe, la reemplaza."
        />
        <Button type="submit" disabled={!name.trim() || save.isPending}>
          Guardar vista
        </Button>
      </form>
      {save.isSuccess && !failure && <p role="status">Vista guardada.</p>}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
    </section>
  );
}

/** The inbox's columns: header text and the column the server sorts by. */
const COLUMNS: { label: string; sort: InboxSort }[] = [
  { label: 'N° de caso', sort: 'numero' },
  { label: 'Organización', sort: 'organizacion' },
  { label: 'Tipo', sort: 'tipo' },
  { label: 'Estado', sort: 'estado' },
  { label: 'Prioridad', sort: 'prioridad' },
  { label: 'Próximo vencimiento', sort: 'vencimiento' },
  { label: 'Asignado a', sort: 'asignado' },
  { label: 'Ingreso', sort: 'ingreso' },
];

/** /gestion: the cases the person may see, searched, filtered, sorted and paged on the server. */
export function InboxPage() {
  const [params, setParams] = useQueryParams();
  const filters = filtersFromParams(params);
  const inbox = useInbox(filters);
  const user = useStaffUser();
  const sort = sortFromParams(params);

  /** A header pressed: sort by its column, ascending; pressed again, descending. Back to page 1. */
  const sortBy = (column: InboxSort) => {
    const next = new URLSearchParams(params);
    next.delete('pagina');
    const direction = sort.orden === column && sort.direccion === 'asc' ? 'desc' : 'asc';
    if (column === DEFAULT_SORT && direction === 'asc') {
      next.delete('orden');
      next.delete('direccion');
    } else {
      next.set('orden', column);
      next.set('direccion', direction);
    }
    setParams(next);
  };
  const sortLabel = `Casos ordenados por ${COLUMNS.find((c) => c.sort === sort.orden)!.label.toLowerCase()}, ${sort.direccion === 'asc' ? 'ascendente' : 'descendente'}`;

  const goTo = (offset: number) => {
    const next = new URLSearchParams(params);
    const page = Math.floor(offset / INBOX_PAGE_SIZE) + 1;
    if (page > 1) next.set('pagina', String(page));
    else next.delete('pagina');
    setParams(next);
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-secondary">Bandeja de casos</h1>
        {canChangeCases(user) && (
          <Link
            to={paths.staffIntake()}
            className="inline-flex min-h-11 items-center rounded-md border border-primary px-4 font-semibold text-primary hover:bg-primary hover:text-white"
          >
            Registrar denuncia recibida por otro medio
          </Link>
        )}
      </div>
      <UncoveredOrganizationsBanner />
      <SavedViews />
      <Filters />
      {inbox.isError && <FormAlert>{errorMessage(inbox.error)}</FormAlert>}
      {inbox.isPending && <LoadingView />}
      {inbox.data && (
        <section aria-labelledby="resultados">
          <h2 id="resultados" className="mb-2 text-lg font-semibold" aria-live="polite">
            {inbox.data.total === 1 ? '1 caso' : `${inbox.data.total} casos`}
          </h2>
          {inbox.data.cases.length === 0 ? (
            <p>
              {filters.buscar
                ? 'No hay casos que coincidan con la búsqueda y los filtros.'
                : 'No hay casos con estos filtros.'}
            </p>
          ) : (
            <StaffTable
              caption={sortLabel}
              minWidth="min-w-[48rem]"
              columns={COLUMNS.map((c) => {
                const active = sort.orden === c.sort;
                return {
                  label: (
                    <button
                      type="button"
                      onClick={() => sortBy(c.sort)}
                      className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      {c.label}
                      <span aria-hidden="true">
                        {active ? (sort.direccion === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ),
                  // aria-sort on the one header the table is sorted by (ARIA: one at a time).
                  sort: active
                    ? sort.direccion === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined,
                };
              })}
            >
              {inbox.data.cases.map((c) => (
                <tr key={c.id} className="border-t border-gray-200 align-top">
                  <th scope="row" className="px-3 py-2 font-semibold">
                    <Link to={paths.staffCase(c.id)} className="text-primary underline">
                      {c.number}
                    </Link>
                    {c.tags.length > 0 && (
                      <span className="block text-xs font-normal text-gray-700">
                        Etiquetas: {c.tags.join(', ')}
                      </span>
                    )}
                  </th>
                  <td className="px-3 py-2">{c.organization.name}</td>
                  <td className="px-3 py-2">
                    {c.type ?? '—'}
                    {c.category && (
                      <span className="block text-xs text-gray-700">{c.category}</span>
                    )}
                    {c.anonymous && <span className="block text-xs text-gray-700">Anónima</span>}
                    {c.mustReferToDt && (
                      <strong className="block text-xs text-red-800">{DT_REFERRAL_MARK}</strong>
                    )}
                    {c.channel !== 'portal' && (
                      <span className="block text-xs text-gray-700">
                        Canal: {CHANNEL_LABELS[c.channel]}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={c.status} />
                  </td>
                  <td className="px-3 py-2">
                    {c.priority ? CASE_PRIORITY_LABELS[c.priority] : '—'}
                  </td>
                  <td className="px-3 py-2">
                    <DueMark date={c.nextDue} state={caseDueState(c)} />
                  </td>
                  <td className="px-3 py-2">{c.assignee?.name ?? 'Sin asignar'}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{dateTime(c.receivedAt)}</td>
                </tr>
              ))}
            </StaffTable>
          )}
          <Pager
            total={inbox.data.total}
            limit={INBOX_PAGE_SIZE}
            offset={filters.desplazamiento}
            onChange={goTo}
            label="Páginas de la bandeja"
          />
        </section>
      )}
    </div>
  );
}
